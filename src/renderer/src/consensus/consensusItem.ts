import type { RequestOf } from '../../../shared/contract'

/** What `consensus.take` takes: a chapter's title and why, a score, a statement or a highlight. */
export type ConsensusItemRequest = RequestOf<'consensus.take'>['item']
