/** The episode as the window shows it: what `episodes.open` answers and every edit answers again. */
import type { z } from 'zod'
import type {
  Dimension,
  EvidenceItem,
  itemStatusSchema,
  originSchema,
  reviewStatusSchema,
  Role,
  SpeakingBalance,
} from '../episodeFormat'
import type { QuoteFinding } from '../quoteFindings'

export interface EpisodeSummary {
  id: string
  title: string
  show: string
  publishedOn: string | null
  durationSeconds: number
  reviewStatus: z.infer<typeof reviewStatusSchema>
}

export interface SpanView {
  id: string
  title: string
  start: number
  end: number
}

export interface ParticipantView {
  id: string
  name: string
  role: Role
  affiliation: string | null
  /** How much of the transcript is theirs: what the speaker dialog shows to tell speakers apart. */
  segmentCount: number
  speakingSeconds: number
  /** What the speaker dialog weighs to propose roles. */
  wordCount: number
  firstLine: string | null
}

type Origin = z.infer<typeof originSchema>
export type ItemStatus = z.infer<typeof itemStatusSchema>

export interface StatementView extends SpanView {
  quote: string
  speakerId: string | null
  /** The chapter that contains the statement's start, derived. */
  chapterId: string | null
  origin: Origin
  status: ItemStatus
  /** Set when the quote is not what the transcript says in the statement's span. */
  quoteProblem: string | null
  /** With a quote problem: where the transcript does say the quote, if it does, to move the span there. */
  quoteFoundAt: { start: number; end: number } | null
  /**
   * The quote was filled from cues without word times, by estimated times (a note, never blocking), until
   * the editor confirms it (`statements.confirmQuote`).
   */
  quoteEstimated: boolean
}

export interface ScoreView {
  value: number | null
  reasoning: string
  /** The moments that justify the score; absent where none was ever given. */
  evidence?: EvidenceItem[]
}

export interface ChapterView extends SpanView {
  why: string
  /** The moments that justify the why. */
  evidence?: EvidenceItem[]
  /** One entry per rubric dimension key. */
  scores: Record<string, ScoreView>
  /** What a machine analysis said, per dimension key, kept for the review; null for the editor's chapters. */
  machineScores: Record<string, ScoreView> | null
  /**
   * The dimensions whose score the reviewer changed while the reasoning is still the machine's, written
   * for the machine's score: publishing waits until it is rewritten or kept (`scores.confirmReasoning`).
   */
  reasoningToConfirm: string[]
  /**
   * A machine chapter's review per score, by dimension key (null for the editor's chapters): `edited` once
   * the reviewer changed it, `accepted` once the chapter was accepted. The chapter's own `status` stays
   * `unreviewed` until the chapter itself is accepted.
   */
  scoreReview: Record<string, ItemStatus> | null
  /**
   * The dimensions whose score was given under a codebook version on another scale: kept as it was,
   * flagged until the editor scores it again (`codebook.moveAnalysis`); absent when none is.
   */
  rescore?: string[]
  /**
   * Never set by the core: the window marks the dimensions whose machine score it hides while the
   * reviewer scores blind (the score then reads as not given).
   */
  hiddenScores?: string[]
  origin: Origin
  status: ItemStatus
}

export interface HighlightView {
  id: string
  dimension: string
  time: number
  title: string
  description: string
  origin: Origin
  status: ItemStatus
  evidence?: EvidenceItem[]
}

export interface RubricView {
  scale: { min: number; max: number }
  dimensions: Dimension[]
}

export interface EpisodeView {
  summary: EpisodeSummary
  details: { sourceUrl: string | null; summary: string }
  rubric: RubricView
  chapters: ChapterView[]
  highlights: HighlightView[]
  statements: StatementView[]
  /** Derived as episode JSON derives them (3-minute bins; per-dimension means). */
  speakingBalance: SpeakingBalance | null
  scoreSummary: Record<string, number | null>
  /**
   * `declaredSeconds`: the length the file declares when less (or more) of it decodes; the episode
   * then lasts what decodes, and the editor is told both. `changed`: the file at the media's path was
   * found to hold other content than the episode was made from (replaced on disk); it is not played
   * until the editor relinks.
   */
  media: {
    fileName: string
    kind: 'audio' | 'video'
    available: boolean
    changed: boolean
    declaredSeconds: number | null
  } | null
  participants: ParticipantView[]
  /**
   * The transcript itself comes from `transcript.get`, fetched again when `rev` changes.
   * `editedSegments`: segments the editor edited by hand, which an import would replace.
   * `segmentsPastEnd`: segments that start after the media's end; `end`: when the last one ends.
   */
  transcript: {
    rev: string
    segmentCount: number
    speakersMapped: boolean
    editedSegments: number
    segmentsPastEnd: number
    end: number
  }
  history: { canUndo: boolean; canRedo: boolean; undoLabel: string | null; redoLabel: string | null }
  /** Texts whose quotation marks hold words not said where they speak of, or with no transcript to check. */
  quoteFindings: QuoteFinding[]
  /** The library's rules the problems follow (preferences): evidence required for every reasoned score. */
  rules: { requireEvidence: boolean }
  /**
   * Scoring blind (`review.blind`): the window hides each machine score, its reasoning and its
   * highlights until the reviewer has rated that cell or revealed the chapter.
   */
  blind: boolean
}
