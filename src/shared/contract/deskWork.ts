/**
 * The desk's work (issue 44): who scores which episode, each reviewer's queue, the lead's board, the
 * episode's consensus and reference, and who drifts from them. Everything is kept in the catalogue and
 * enforced by its roles; the library holds a copy of one's own queue for offline work.
 */
import { z } from 'zod'
import type { AlphaBand } from '../agreement'
import { method } from './method'

export type AssignmentState = 'assigned' | 'started' | 'submitted' | 'consensus' | 'published'

/** One reviewer on one episode. */
export interface Assignment {
  /** The episode in the catalogue: its first analysis's id. */
  episode: string
  reviewer: string
  /** The reviewer's analysis of it: `<machine analysis id>-<reviewer>`, or `<episode>-<reviewer>`. */
  analysis: string
  state: AssignmentState
  /** YYYY-MM-DD, or null. */
  due: string | null
  blind: boolean
  calibration: boolean
  /** The lead's note when the work was sent back. */
  note: string | null
  title: string | null
  show: string | null
}

/** One's own assignment, as "My queue" and `desk queue --json` list it. */
export interface QueueItem extends Assignment {
  /** This library's id for the analysis once it is here; null until a sync makes it. */
  here: string | null
}

export interface AssignOutcome {
  assigned: Assignment[]
  /** The episodes sent to every reviewer (the calibration share). */
  calibration: string[]
}

/** One episode on the lead's board. */
export interface BoardEpisode {
  episode: string
  title: string | null
  show: string | null
  reviewers: { reviewer: string; analysis: string; state: AssignmentState; removed: boolean }[]
  /** Per dimension, over the submitted analyses; null until two are submitted. */
  agreement: { dimension: string; alpha: number | null; band: AlphaBand | null }[] | null
  /** The lowest alpha of its dimensions (the board's order: worst first); null without one. */
  worst: number | null
  /** The catalogue's consensus analysis of the episode, once the lead chose it. */
  consensus: string | null
  reference: string | null
}

/** A reviewer's (or the machine's) lean on one dimension, over the period or one month. */
export interface DriftFigure {
  /** A reviewer's role name, or `machine`. */
  who: string
  dimension: string
  /** YYYY-MM, or null for the whole period. */
  month: string | null
  /** Chapter scores compared. */
  n: number
  /** Mean signed difference from the consensus (else the other reviewers' mean); null when n is 0. */
  mean: number | null
  /** 95 % bootstrap interval (seeded: the figures repeat); null when n is 0. */
  low: number | null
  high: number | null
}

export interface DriftReport {
  show: string | null
  since: string | null
  /** Every reviewer of the show (and `machine`), listed even before anything is scored. */
  people: string[]
  dimensions: string[]
  figures: DriftFigure[]
}

/** A reviewer's difference from the reference, per dimension, once a calibration episode is submitted. */
export interface CalibrationResult {
  episode: string
  reference: string
  dimensions: {
    dimension: string
    mine: number | null
    reference: number | null
    difference: number | null
  }[]
}

const catalogueId = z.string().min(1).max(200)
const role = z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/, 'a desk person: a-z or _ first, then a-z, 0-9 or _')
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD')

export const deskWorkMethods = {
  /** The lead assigns episodes (by id, or every episode of a show not yet assigned) with an overlap. */
  'desk.assign': method<AssignOutcome>()(
    z
      .strictObject({
        ids: z.array(catalogueId).min(1).max(100_000).optional(),
        show: z.string().min(1).max(200).optional(),
        reviewers: z.array(role).min(1).max(1000),
        overlap: z.number().int().min(1).max(1000),
        /** The share of episodes (0 to 1) sent to every reviewer. */
        calibration: z.number().min(0).max(1).optional(),
        due: day.optional(),
        blind: z.boolean().optional(),
      })
      .refine(
        (r) => (r.ids === undefined) !== (r.show === undefined),
        'give episode ids or a show, not both',
      ),
  ),
  'desk.queue': method<QueueItem[]>()(z.strictObject({})),
  /** "Submit to the desk": the analysis (this library's id) free of errors, pushed, its assignment submitted. */
  'desk.submit': method<QueueItem>()(z.strictObject({ id: catalogueId })),
  /** The lead sends a submitted analysis back to its reviewer with a note. */
  'desk.sendBack': method<Assignment>()(
    z.strictObject({ episode: catalogueId, reviewer: role, note: z.string().min(1).max(2000) }),
  ),
  'desk.board': method<BoardEpisode[]>()(z.strictObject({ show: z.string().min(1).max(200).optional() })),
  /** The lead chooses the episode's consensus (an analysis of kind consensus in the catalogue). */
  'desk.setConsensus': method<BoardEpisode>()(
    z.strictObject({ episode: catalogueId, analysis: catalogueId }),
  ),
  /** The lead marks an analysis as the episode's reference, for calibration. */
  'desk.setReference': method<BoardEpisode>()(
    z.strictObject({ episode: catalogueId, analysis: catalogueId }),
  ),
  'desk.drift': method<DriftReport>()(
    z.strictObject({ show: z.string().min(1).max(200).optional(), since: day.optional() }),
  ),
  /** Once a calibration episode is submitted: the reviewer's difference from its reference. */
  'desk.calibration': method<CalibrationResult | null>()(z.strictObject({ id: catalogueId })),
}
