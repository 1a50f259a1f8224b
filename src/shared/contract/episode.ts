/** One episode: made from its files, opened, its details edited, exported and loaded as episode JSON, undone. */
import { z } from 'zod'
import { SOURCE_URL_PATTERN } from '../sourceUrl'
import { TEXT_LIMITS, tooLong } from '../textLimits'
import type { EpisodeView } from './episodeView'
import { byId, episodeId, fileRefSchema, typedName, typedTitle } from './fields'
import { edit, method } from './method'

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
  'history.undo': edit()(byId),
  'history.redo': edit()(byId),
}
