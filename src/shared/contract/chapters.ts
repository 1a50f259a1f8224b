/** Chapters and their scores: split, bounded, merged, titled, scored. */
import { z } from 'zod'
import { dimensionKeySchema } from '../episodeFormat'
import { episodeId, itemId, longText, seconds, typedTitle } from './fields'
import { edit } from './method'

export const chaptersMethods = {
  'chapters.split': edit<{ chapterId: string }>()(z.strictObject({ id: episodeId, at: seconds })),
  'chapters.moveBoundary': edit()(
    z.strictObject({ id: episodeId, chapterId: itemId, edge: z.enum(['start', 'end']), at: seconds }),
  ),
  'chapters.mergeNext': edit()(z.strictObject({ id: episodeId, chapterId: itemId })),
  'chapters.update': edit()(
    z.strictObject({
      id: episodeId,
      chapterId: itemId,
      patch: z.strictObject({ title: typedTitle, why: longText }).partial(),
    }),
  ),
  'chapters.delete': edit()(z.strictObject({ id: episodeId, chapterId: itemId })),
  'scores.set': edit()(
    z.strictObject({
      id: episodeId,
      chapterId: itemId,
      dimension: dimensionKeySchema,
      value: z.number().int().nullable().optional(),
      reasoning: longText.optional(),
      /** Folded into the last edit when that one set this same score (`1` then `0` is one step to 10). */
      amend: z.boolean().optional(),
    }),
  ),
  /** Keeps a machine's reasoning for the score the reviewer gave instead of the machine's. */
  'scores.confirmReasoning': edit()(
    z.strictObject({ id: episodeId, chapterId: itemId, dimension: dimensionKeySchema }),
  ),
}
