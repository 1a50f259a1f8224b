/** One episode: made from its files, opened, its details edited, exported and loaded as episode JSON, undone. */
import { z } from 'zod'
import { SOURCE_URL_PATTERN } from '../sourceUrl'
import { TEXT_LIMITS, tooLong } from '../textLimits'
import type { EpisodeView } from './episodeView'
import type { ReplyError } from '../result'
import { byId, episodeId, fileRefSchema, typedName, typedTitle } from './fields'
import { edit, method } from './method'

/** Files one `episodes.loadMany` call takes: the command line sends a long list in calls of this many. */
export const MAX_FILES_A_LOAD = 1000

export const episodePatchSchema = z
  .strictObject({
    title: typedTitle.pipe(z.string().min(1, 'a title is needed')),
    show: typedName,
    publishedOn: z.iso.date().nullable(),
    sourceUrl: z
      .string()
      .trim()
      .max(TEXT_LIMITS.url, tooLong(TEXT_LIMITS.url))
      .refine((u) => SOURCE_URL_PATTERN.test(u), 'a source URL starts with http:// or https://')
      .nullable(),
    summary: z.string().trim().max(TEXT_LIMITS.long, tooLong(TEXT_LIMITS.long)),
  })
  .partial()

export const episodeMethods = {
  /** `warnings`: what the editor should know of the files (lines left out of the transcript, ...). */
  'episodes.create': method<{ id: string; warnings: string[] }>()(
    z.strictObject({
      media: fileRefSchema,
      transcript: fileRefSchema.optional(),
      title: typedTitle.optional(),
      show: typedName.optional(),
      publishedOn: z.iso.date().optional(),
    }),
  ),
  'episodes.open': method<EpisodeView>()(byId),
  'episodes.update': edit()(z.strictObject({ id: episodeId, patch: episodePatchSchema })),
  'episodes.export': method<{ fileName: string; json: string }>()(byId),
  /**
   * Loads episode JSON v1 (a machine's analysis, or an export); refused with `conflict` when the id exists.
   * With `media`, the media is linked as it loads: refused, nothing loaded, when the file names media
   * with another SHA-256. With `keepBoth`, an id already taken loads as `<id>-2`, `<id>-3`, … (the answer
   * names it): another analysis of the episode beside the first. Without `media`, media the file names
   * by SHA-256 that the library already links, still on disk, is linked at once: `linkedMedia` names it.
   */
  'episodes.load': method<{ id: string; replaced: boolean; warnings: string[]; linkedMedia?: string }>()(
    z
      .strictObject({
        file: fileRefSchema,
        replace: z.boolean().optional(),
        keepBoth: z.boolean().optional(),
        media: fileRefSchema.optional(),
      })
      .refine((r) => !(r.replace === true && r.keepBoth === true), {
        path: ['keepBoth'],
        message:
          'replace and keepBoth exclude each other: a load either overwrites the episode or keeps both',
      }),
  ),
  /**
   * Loads several episode JSON v1 files, each as `episodes.load` loads one (no `media`): each loads or is
   * refused on its own, in order, its answer at its place (a refusal as `episodes.load` gives it). Many
   * files load faster so than one call each: the next ones are read and checked while one is written.
   */
  'episodes.loadMany': method<{
    results: (
      | { ok: true; id: string; replaced: boolean; warnings: string[]; linkedMedia?: string }
      | { ok: false; error: ReplyError }
    )[]
  }>()(
    z
      .strictObject({
        files: z.array(fileRefSchema).min(1).max(MAX_FILES_A_LOAD),
        replace: z.boolean().optional(),
        keepBoth: z.boolean().optional(),
      })
      .refine((r) => !(r.replace === true && r.keepBoth === true), {
        path: ['keepBoth'],
        message:
          'replace and keepBoth exclude each other: a load either overwrites the episode or keeps both',
      }),
  ),
  'history.undo': edit()(byId),
  'history.redo': edit()(byId),
}
