/** Evidence: the statements and moments cited for a score, a chapter's why or a highlight. */
import { z } from 'zod'
import { episodeId, itemId, seconds } from './fields'
import { edit } from './method'

/** What evidence is for: a score, a chapter's why, a highlight. */
export const citeTargetSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('score'), chapterId: itemId, dimension: z.string().min(1).max(64) }),
  z.strictObject({ kind: z.literal('why'), chapterId: itemId }),
  z.strictObject({ kind: z.literal('highlight'), highlightId: itemId }),
])
export type CiteTarget = z.output<typeof citeTargetSchema>

export const evidenceMethods = {
  /** Replaces the evidence of a score, a chapter's why or a highlight (citing adds an item, removing takes one out). */
  'evidence.set': edit()(
    z.strictObject({
      id: episodeId,
      target: citeTargetSchema,
      evidence: z
        .array(
          z.union([
            z.strictObject({ statement: itemId, note: z.string().max(2000).optional() }),
            z.strictObject({ start: seconds, end: seconds, note: z.string().max(2000).optional() }),
          ]),
        )
        .max(100, 'at most 100 items of evidence on one field'),
    }),
  ),
}
