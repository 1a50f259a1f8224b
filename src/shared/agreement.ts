/**
 * How far several analyses of one episode agree: the result the core computes and every shell shows
 * (`episcore agreement`, the compare screen). Its `--json` shape is the documented one; the fields after
 * it (`unitSpans`, `ratings`) are what the compare screen draws.
 */

export type AnalysisOrigin = 'machine' | 'human'

/** One analysis of an episode as the library holds it: what the compare screen offers to tick. */
export interface LibraryAnalysis {
  /** Its library id. */
  id: string
  title: string
  reviewer: string | null
  origin: AnalysisOrigin
  reviewStatus: 'draft' | 'inReview' | 'final'
  /** A consensus built from other analyses (its choices are made on the consensus screen). */
  consensus: boolean
  /** "reviewer · kind · date", as the library names it: the strips, the picker and the toolbar show it. */
  name: string
}

export interface AgreementAnalysis {
  /** As given: a file's path or a library id. */
  source: string
  reviewer: string | null
  origin: AnalysisOrigin
}

export interface ScorePair {
  a: number
  b: number
  /** Over the units both rated; null when they rated none in common. */
  meanAbsoluteDifference: number | null
  units: number
}

export interface DimensionAgreement {
  alpha: { interval: number | null; ordinal: number | null }
  pairs: ScorePair[]
}

export interface StatementPair {
  a: number
  b: number
  matched: number
  /** 2 × matched / (count a + count b); null when neither has a statement. */
  f1: number | null
}

export interface Agreement {
  units: number
  analyses: AgreementAnalysis[]
  dimensions: Record<string, DimensionAgreement>
  /** Dimensions some analyses lack: computed over the others; the indexes of those lacking it. */
  partial: Record<string, number[]>
  /** Dimensions left out of the measure, with the reason (a scale that differs between analyses). */
  leftOut: Record<string, string>
  statements: { pairs: StatementPair[] }
}

/** The units and each analysis's score per unit, for drawing: `ratings[key][analysis][unit]`. */
export interface AgreementDetail extends Agreement {
  unitSpans: { start: number; end: number }[]
  labels: Record<string, string>
  ratings: Record<string, (number | null)[][]>
  /** Each measured dimension's scale, so that a score is drawn against its range. */
  scales: Record<string, { min: number; max: number }>
}

/** Krippendorff's reading of alpha: >= 0.800 reliable, 0.667 up to 0.800 tentative, below that not. */
export type AlphaBand = 'reliable' | 'tentative' | 'unreliable'

export function alphaBand(alpha: number): AlphaBand {
  if (alpha >= 0.8) return 'reliable'
  if (alpha >= 0.667) return 'tentative'
  return 'unreliable'
}

export const ALPHA_BAND_WORDS: Record<AlphaBand, string> = {
  reliable: 'reliable (≥ 0.800)',
  tentative: 'tentative (0.667–0.800)',
  unreliable: 'not reliable (< 0.667)',
}

/** Where an item of a consensus came from: a source's library id, or typed by the editor. */
export type Provenance = { source: string } | { typed: true } | null

/** A source's chapter over part of a consensus chapter: what it says there, and its id to take it by. */
export interface ConsensusPiece {
  chapterId: string
  start: number
  end: number
  title: string
  why: string
  scores: Record<string, number | null>
}

/** What a consensus holds and what each of its sources offers in its place (the consensus screen). */
export interface ConsensusChoices {
  id: string
  /** Each source, named as the library names it ("reviewer · kind · date"; a source gone from it, by its title). */
  sources: { id: string; title: string; reviewer: string | null; origin: AnalysisOrigin; name: string }[]
  dimensions: { key: string; label: string }[]
  chapters: {
    chapterId: string
    title: string
    start: number
    end: number
    provenance: Provenance
    scores: Record<string, { value: number | null; provenance: Provenance }>
    /** Per source (in `sources` order): its chapter over the same part, or null where it has none. */
    offers: ({ title: string; why: string; scores: Record<string, number | null> } | null)[]
    /**
     * Per source: every chapter of it that covers part of this one, in time order. More than one where the
     * source splits the chapter (cut at 9:00 inside 7:20–10:40): each piece is offered, not only the one at
     * the middle.
     */
    pieces: ConsensusPiece[][]
  }[]
  /** Per source: its statements and highlights, `taken` when the consensus holds them from it. */
  statements: { id: string; title: string; start: number; end: number; taken: boolean }[][]
  highlights: { id: string; dimension: string; time: number; title: string; taken: boolean }[][]
}
