/**
 * Comparing analyses of one episode: how far they agree, and the consensus built from them item by item.
 */
import { z } from 'zod'
import type { AgreementDetail, ConsensusChoices, LibraryAnalysis } from '../agreement'
import { dimensionKeySchema } from '../episodeFormat'
import { byId, episodeId, itemId } from './fields'
import { edit, method } from './method'

/** Most analyses compared at once: a desk's reviewers and machine runs, not a crowd. */
export const MAX_COMPARED = 50

export const agreementMethods = {
  /**
   * A new analysis to build the consensus of analyses of one episode in: a copy of the first, each item
   * marked with its source; `consensus.take` then takes items from the others.
   */
  'consensus.build': method<{ id: string }>()(
    z.strictObject({
      ids: z.array(episodeId).min(2, 'a consensus needs two analyses or more').max(MAX_COMPARED),
    }),
  ),
  /** The consensus `id` beside what each of its sources offers (the consensus screen). */
  'consensus.choices': method<ConsensusChoices>()(byId),
  /**
   * The library's analyses of the episode `id` is one of (itself included, in the order they came in): the same
   * media SHA-256, or the same episode id where either names no media, as agreement rules it.
   */
  'episodes.analysesOf': method<LibraryAnalysis[]>()(byId),
  /** How far analyses of one episode in the library agree (the compare screen); refused across episodes. */
  'episodes.agreement': method<AgreementDetail>()(
    z.strictObject({
      ids: z
        .array(episodeId)
        .min(2, 'agreement needs two analyses or more')
        .max(MAX_COMPARED, `agreement compares at most ${MAX_COMPARED} analyses at once`),
    }),
  ),
  /** Takes one item of a source analysis into the consensus `id`, its provenance with it. */
  'consensus.take': edit()(
    z.strictObject({
      id: episodeId,
      from: episodeId,
      item: z.discriminatedUnion('kind', [
        // `sourceChapterId`: which of the source's chapters, where it splits this one (else the one at its middle).
        z.strictObject({ kind: z.literal('chapter'), chapterId: itemId, sourceChapterId: itemId.optional() }),
        z.strictObject({
          kind: z.literal('score'),
          chapterId: itemId,
          dimension: dimensionKeySchema,
          sourceChapterId: itemId.optional(),
        }),
        z.strictObject({ kind: z.literal('statement'), statementId: itemId }),
        z.strictObject({ kind: z.literal('highlight'), highlightId: itemId }),
      ]),
    }),
  ),
}
