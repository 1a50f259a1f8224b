/** The review of a machine's analysis: items accepted or rejected, blind scoring, and the report. */
import { z } from 'zod'
import type { EvidenceItem } from '../episodeFormat'
import type { ItemStatus } from './episodeView'
import { byId, episodeId, itemId } from './fields'
import { edit, method } from './method'

export const reviewKindSchema = z.enum(['chapter', 'highlight', 'statement'])
export type ReviewKind = z.output<typeof reviewKindSchema>

/** One field of a reviewed item as the machine gave it and as the reviewer left it ('' once rejected). */
export interface ReviewFieldChange {
  field: string
  machine: string
  reviewer: string
}

/** A machine item the reviewer changed or threw out, with what changed. */
export interface ReviewedItem {
  kind: ReviewKind
  id: string
  title: string
  /** Where the item is (a chapter's or statement's start, a highlight's moment), as the machine had it. */
  time: number
  decision: 'edited' | 'rejected'
  /** Edited: the fields that differ from the machine's. Rejected: every field the machine gave. */
  changes: ReviewFieldChange[]
}

/**
 * A machine chapter's scores that differ from the machine's, per dimension: of a reviewed chapter, or
 * edited one by one in a chapter not accepted yet (its `status` says which).
 */
export interface ChapterScoreDifferences {
  chapterId: string
  title: string
  start: number
  status: ItemStatus
  dimensions: {
    key: string
    label: string
    machine: number | null
    reviewer: number | null
    machineReasoning: string
    reasoning: string
    /** The score's own review state (see ChapterView.scoreReview). */
    review: ItemStatus
    /** The moments cited for the score (the machine's, and what the reviewer cited since). */
    evidence: EvidenceItem[]
  }[]
}

export interface ReviewReport {
  dimensions: { key: string; label: string; compared: number; meanAbsoluteDifference: number | null }[]
  accepted: number
  edited: number
  rejected: number
  unreviewed: number
  /** The items edited and rejected, in the order of the episode. */
  items: ReviewedItem[]
  /** Per reviewed machine chapter, the scores that differ from the machine's; chapters without any left out. */
  chapters: ChapterScoreDifferences[]
}

export const reviewMethods = {
  'review.accept': edit()(z.strictObject({ id: episodeId, kind: reviewKindSchema, itemId })),
  'review.reject': edit()(z.strictObject({ id: episodeId, kind: reviewKindSchema, itemId })),
  /** Scoring blind: the window hides the machine's scores until the reviewer rates them (`review.blind`). */
  'review.setBlind': edit()(z.strictObject({ id: episodeId, blind: z.boolean() })),
  'review.report': method<ReviewReport>()(byId),
  /** The review report as CSV for a spreadsheet: one row per changed field and per differing score. */
  'review.exportReport': method<{ fileName: string; text: string }>()(byId),
}
