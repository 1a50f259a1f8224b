/**
 * The API contract: one map of method name to request schema and response type. The Electron IPC
 * bridge, the browser host and the CLI all dispatch through it, and the core validates every
 * request against it at its door.
 */
import { z } from 'zod'
import type { AgreementDetail, ConsensusChoices, LibraryAnalysis } from './agreement'
import type { QuoteFinding } from './quoteFindings'
import {
  dimensionKeySchema,
  roleSchema,
  type Dimension,
  type EvidenceItem,
  type itemStatusSchema,
  type originSchema,
  type reviewStatusSchema,
  type Role,
  type SpeakingBalance,
} from './episodeFormat'
import { preferencesSchema, type Preferences } from './preferences'
import { SOURCE_URL_PATTERN } from './sourceUrl'
import { TEXT_LIMITS, tooLong } from './textLimits'
import { controlCharactersReplaced, withoutControlCharacters } from './episodeLimits'

/** An opaque handle to a file the user chose; the renderer never names a path itself. */
export const fileRefSchema = z.string().regex(/^file-[0-9a-f]{32}$/, 'not a file handle')

/** A handle to a file the user named to be written (the CLI's `--out`); only a shell can make one. */
export const outputRefSchema = z.string().regex(/^out-[0-9a-f]{32}$/, 'not an output file handle')

const episodeId = z.string().min(1).max(64)

/** Most analyses compared at once: a desk's reviewers and machine runs, not a crowd. */
export const MAX_COMPARED = 50

/** Curried so that the request schema's type is inferred while the response type is named. */
const method =
  <Res>() =>
  <Req extends z.ZodType>(request: Req) => ({
    request,
    response: undefined as unknown as Res,
    edits: false as const,
  })

/**
 * A method that changes the episode: every one answers `{ view, ...more }`, the episode as it now is, so
 * the window redraws from the one reply and nothing has to guess where a reply keeps its view.
 */
const edit =
  <More extends object = object>() =>
  <Req extends z.ZodType>(request: Req) => ({
    request,
    response: undefined as unknown as { view: EpisodeView } & More,
    edits: true as const,
  })

export interface EpisodeSummary {
  id: string
  title: string
  show: string
  publishedOn: string | null
  durationSeconds: number
  reviewStatus: z.infer<typeof reviewStatusSchema>
}

/**
 * A library row: the episode, its reviewer, its last edit (ISO 8601) and its average score per dimension
 * key (weighted by chapter length). Not in the episode's view: an edit changes the last edit, and the
 * view's summary must not be sent again for each.
 */
export interface LibraryEpisode extends EpisodeSummary {
  reviewer: string | null
  updatedAt: string
  averages: Readonly<Record<string, number>>
}

/** A rubric dimension as the library knows it: one per key, whatever each episode calls it. */
export interface LibraryDimension {
  key: string
  /** The label most episodes give the key (ties: the first in alphabetical order). */
  label: string
  /** How many episodes of the library have it. */
  episodeCount: number
}

/** A show of the library, for going from one show's page to another's. */
export interface ShowSummary {
  name: string
  /** Its episodes not in the trash. */
  episodeCount: number
}

/** Seconds said by each role in one episode (segments whose speaker is a participant with that role). */
export interface RoleSeconds {
  hostSeconds: number
  guestSeconds: number
  otherSeconds: number
}

/** One episode of a show, as its trends place it. */
export interface ShowTrendEpisode {
  id: string
  title: string
  /** Where the episode stands on the time axis (YYYY-MM-DD): its publication day, else the day it was added. */
  date: string
  /** Which of the two `date` is: a show with unpublished drafts orders them by the day they were added. */
  dateFrom: 'published' | 'added'
  publishedOn: string | null
  durationSeconds: number
  /** The average score per dimension key, weighted by chapter length; a dimension not scored has none. */
  averages: Record<string, number>
  speaking: RoleSeconds
}

/** How many chapter scores of the show's episodes gave each value of the scale, per dimension key. */
export type ScoreDistribution = Record<string, { value: number; count: number }[]>

/** A show's page: its episodes over time, their speaking balance, and how its scores spread. */
export interface ShowTrends {
  show: string
  /** The show's dimension keys, each named by the label most of its episodes give it. */
  dimensions: LibraryDimension[]
  /** The scale the values lie on: the widest of the show's episodes. */
  scale: { min: number; max: number }
  /** Oldest first. */
  episodes: ShowTrendEpisode[]
  distribution: ScoreDistribution
}

export const SEARCH_KINDS = ['transcript', 'statement', 'chapter', 'reasoning', 'highlight'] as const
export type SearchKind = (typeof SEARCH_KINDS)[number]

/** A piece of a hit's snippet: `match` where the query's words were found. */
export interface SnippetPart {
  text: string
  match: boolean
}

/** One item whose text matched: its time is where the episode opens to show it (seconds, 3 decimals). */
export interface SearchHit {
  episodeId: string
  episodeTitle: string
  kind: SearchKind
  /** The segment, statement, chapter or highlight; for reasoning, its chapter. */
  itemId: string
  seconds: number
  snippet: SnippetPart[]
}

/** An episode in the trash: `emptiedAfter`, the time after which a start deletes it for good. */
export interface TrashedEpisode extends EpisodeSummary {
  trashedAt: string
  emptiedAfter: string
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
type ItemStatus = z.infer<typeof itemStatusSchema>

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

export interface TranscriptSegmentView {
  id: string
  start: number
  end: number
  speakerId: string | null
  text: string
  /** Times interpolated, not read from the source (plain text transcripts). */
  approximate: boolean
  /** For each whitespace-separated token of `text`, its word's [start, end], or null when untimed. */
  wordTimes: ([number, number] | null)[]
}

/** What a transcript import did, for the editor (and the CLI) to be told. */
export interface TranscriptImport {
  segments: number
  /** What the reader left out or guessed (lines no cue holds, speakers carried), and a transcript past the media's end. */
  warnings: string[]
  /** Quotes filled from the transcript (never typed) filled again from the new words in their span. */
  quotesRefilled: number
  /** Typed quotes the new words say less of: flagged, and publishing waits until they are edited. */
  quotesOutdated: number
  /** Participants of the replaced transcript who no longer speak, by name: offered for removal. */
  silentSpeakers: string[]
}

export interface TranscriptView {
  rev: string
  segments: TranscriptSegmentView[]
}

/**
 * A title or a name as the editor types it or the CLI is given it: each run of control characters (a
 * pasted line break, a tab, an escape code) becomes one space, said on stderr, never refused for it.
 */
const typed = (limit: number, what: 'title' | 'name') =>
  z
    .string()
    .trim()
    .max(limit, tooLong(limit))
    .transform((given) => {
      const { text, replaced } = withoutControlCharacters(given)
      if (replaced) console.warn(`episcore: warning: ${controlCharactersReplaced(text.trim(), what)}`)
      return text.trim()
    })
const typedTitle = typed(TEXT_LIMITS.short, 'title')
const typedName = typed(TEXT_LIMITS.name, 'name')

const participantId = z.string().min(1).max(64)

export const speakerMappingSchema = z.strictObject({
  participantId,
  to: z.discriminatedUnion('kind', [
    z.strictObject({
      kind: z.literal('self'),
      name: typedName.pipe(z.string().min(1, 'a speaker needs a name')),
      role: roleSchema,
      /** Left out, the participant's affiliation stays as it is. */
      affiliation: z.string().trim().max(TEXT_LIMITS.short, tooLong(TEXT_LIMITS.short)).nullable().optional(),
    }),
    z.strictObject({ kind: z.literal('participant'), participantId }),
    z.strictObject({ kind: z.literal('unknown') }),
  ]),
})

export type SpeakerMapping = z.output<typeof speakerMappingSchema>

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

export const publishFormatSchema = z.enum([
  'episode',
  'chapters',
  'youtube',
  'vtt-chapters',
  'csv',
  'html',
  'podcast-item',
])
export type PublishFormat = z.output<typeof publishFormatSchema>

export const transcriptExportFormatSchema = z.enum(['vtt', 'srt', 'podcast-json'])
export type TranscriptExportFormat = z.output<typeof transcriptExportFormatSchema>

/** Where an episode's waveform peaks stand; `computing` carries a 0-1 fraction. */
export type PeaksStatus =
  | { state: 'ready' }
  | { state: 'computing'; progress: number }
  | { state: 'cancelled' }
  | { state: 'missing' }
  | { state: 'failed'; message: string }
  | { state: 'unavailable'; message: string }

/**
 * The waveform of a decode under way: `pairs` (16-bit min, max, min, max…) spanning the whole media at
 * `secondsPerPoint` each, 0, 0 where nothing is decoded yet; `filled`, the stretches decoded (seconds).
 */
export interface PartialPeaksView {
  secondsPerPoint: number
  pairs: number[]
  filled: [number, number][]
}

/** One of the copies of the database kept beside it, as the restore dialog lists them. */
export interface BackupInfo {
  /** The file's name in the backups folder: what a restore names, never a path. */
  file: string
  /** Taken when the database was opened (once a day), by hand ("Back up now"), or the database a restore replaced. */
  kind: 'daily' | 'manual' | 'before-restore'
  /** ISO 8601, from the time in the file's name. */
  takenAt: string
  sizeBytes: number
  /** Read from the copy itself; null when the copy cannot be read. */
  episodes: number | null
  /**
   * What restoring it would undo in the current database: episodes created and changed since it was
   * taken, and removed since (which it brings back); null when either cannot be read.
   */
  sinceThen: { created: number; changed: number; removed: number } | null
}

export interface RestoreOutcome {
  restored: true
  /** The name the replaced database was moved to in the backups folder; null when there was none. */
  keptAside: string | null
}

/** A restore under way: the backup named, and how far it is (0 to 1). */
export interface RestoreProgress {
  backup: string
  progress: number
}

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

const byId = z.strictObject({ id: episodeId })

/** An address a published file names; checked in full (absolute http(s)) where it is used. */
const webAddress = z.string().max(2000)

/** How an episode is published, kept with it in the library (not in episode JSON). */
export interface PublishingChoices {
  /** The page plays the video or only its audio; null: as the media is. */
  mediaAs: 'audio' | 'video' | null
  mediaUrl: string | null
  baseUrl: string | null
  /** What the episode's media is, so a dialog offers video only for a video. */
  mediaKind: 'audio' | 'video' | null
}

export interface SiteExport {
  folder: string
  files: string[]
  warnings: string[]
}

const itemId = z.string().min(1).max(64)
/** A name or label that must be given: its absence and its length are said in words. */
const requiredName = (missing: string) => typedName.pipe(z.string().min(1, missing))
const seconds = z.number().finite().min(0).max(1_000_000)

/** What evidence is for: a score, a chapter's why, a highlight. */
export const citeTargetSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('score'), chapterId: itemId, dimension: z.string().min(1).max(64) }),
  z.strictObject({ kind: z.literal('why'), chapterId: itemId }),
  z.strictObject({ kind: z.literal('highlight'), highlightId: itemId }),
])
export type CiteTarget = z.output<typeof citeTargetSchema>
const shortText = z.string().trim().max(TEXT_LIMITS.short, tooLong(TEXT_LIMITS.short))
const longText = z.string().trim().max(TEXT_LIMITS.long, tooLong(TEXT_LIMITS.long))

/** Edits of the analysis: each is one command, one transaction and one undo step. */
const EDIT_METHODS = {
  'statements.create': edit<{ statementId: string }>()(
    z.strictObject({
      id: episodeId,
      start: seconds,
      end: seconds,
      title: typedTitle.optional(),
      quote: longText.optional(),
    }),
  ),
  /** The editor vouches for an estimated quote: it is kept as written from now on, like a typed one. */
  'statements.confirmQuote': edit()(z.strictObject({ id: episodeId, statementId: itemId })),
  'statements.update': edit()(
    z.strictObject({
      id: episodeId,
      statementId: itemId,
      patch: z
        .strictObject({
          title: typedTitle,
          quote: longText,
          start: seconds,
          end: seconds,
          speakerId: itemId.nullable(),
        })
        .partial(),
    }),
  ),
  'statements.delete': edit()(z.strictObject({ id: episodeId, statementId: itemId })),
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
  'rubric.add': edit()(
    z.strictObject({
      id: episodeId,
      label: requiredName('a dimension needs a label'),
      key: dimensionKeySchema.max(64).optional(),
      description: longText.optional(),
      highlightLabel: shortText.optional(),
    }),
  ),
  'rubric.update': edit()(
    z.strictObject({
      id: episodeId,
      key: dimensionKeySchema,
      patch: z
        .strictObject({
          label: requiredName('a dimension needs a label'),
          description: longText,
          highlightLabel: shortText,
        })
        .partial(),
    }),
  ),
  'rubric.move': edit()(
    z.strictObject({ id: episodeId, key: dimensionKeySchema, to: z.number().int().min(0).max(1000) }),
  ),
  'rubric.remove': edit()(z.strictObject({ id: episodeId, key: dimensionKeySchema })),
  /** Not an edit of the episode: the rubric new episodes start with. */
  'rubric.saveDefault': method<{ dimensions: number }>()(byId),
  'highlights.set': edit()(
    z.strictObject({
      id: episodeId,
      dimension: dimensionKeySchema,
      time: seconds,
      title: typedTitle.optional(),
      description: longText.optional(),
    }),
  ),
  'highlights.update': edit()(
    z.strictObject({
      id: episodeId,
      highlightId: itemId,
      patch: z.strictObject({ time: seconds, title: typedTitle, description: longText }).partial(),
    }),
  ),
  'highlights.delete': edit()(z.strictObject({ id: episodeId, highlightId: itemId })),
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
  'participants.add': edit()(
    z.strictObject({
      id: episodeId,
      name: requiredName('a participant needs a name'),
      role: roleSchema,
      affiliation: shortText.nullable().optional(),
    }),
  ),
  'participants.update': edit()(
    z.strictObject({
      id: episodeId,
      participantId: itemId,
      patch: z
        .strictObject({
          name: requiredName('a participant needs a name'),
          role: roleSchema,
          affiliation: shortText.nullable(),
        })
        .partial(),
    }),
  ),
  'participants.remove': edit()(z.strictObject({ id: episodeId, participantId: itemId })),
  /** Takes one item of a source analysis into the consensus `id`, its provenance with it. */
  'consensus.take': edit()(
    z.strictObject({
      id: episodeId,
      from: episodeId,
      item: z.discriminatedUnion('kind', [
        z.strictObject({ kind: z.literal('chapter'), chapterId: itemId }),
        z.strictObject({ kind: z.literal('score'), chapterId: itemId, dimension: dimensionKeySchema }),
        z.strictObject({ kind: z.literal('statement'), statementId: itemId }),
        z.strictObject({ kind: z.literal('highlight'), highlightId: itemId }),
      ]),
    }),
  ),
}

export const contract = {
  'episodes.list': method<LibraryEpisode[]>()(z.strictObject({})),
  /** Every dimension key of the library's episodes, the most widely used first: the table's columns. */
  'library.dimensions': method<LibraryDimension[]>()(z.strictObject({})),
  /**
   * What the library tells the editor of the start: the episode edited last when it could not be
   * prepared (the start went on without it), named with why. Empty when there is nothing to tell.
   */
  'library.notices': method<string[]>()(z.strictObject({})),
  /**
   * Every episode's text (transcript, statements, chapters, reasoning, highlights) searched, best hits
   * first. The query's length and syntax are checked by the core, which says what to change.
   */
  'library.search': method<{ hits: SearchHit[] }>()(
    z.strictObject({
      query: z.string().max(100_000, 'a search is at most 1,000 characters: search for a few words of it'),
      show: z.string().max(1000).optional(),
      limit: z.number().int().min(1).max(1000).optional(),
    }),
  ),
  /** Every show with an episode out of the trash, by name: the show pages there are. */
  'library.shows': method<ShowSummary[]>()(z.strictObject({})),
  /** A show's page (see `ShowTrends`); a show with no episode in the library is refused, named. */
  'library.showTrends': method<ShowTrends>()(
    z.strictObject({
      show: z.string().min(1, 'name the show').max(200, 'a show name is at most 200 characters'),
    }),
  ),
  /**
   * The reasoning behind an episode's average on a dimension (a show page's point): that of the
   * longest chapter scored, under its title, at most 300 characters; '' when none was given. Asked for
   * when a point is hovered, so that a show of a thousand episodes does not carry every one of them.
   */
  'library.pointReasoning': method<{ text: string }>()(
    z.strictObject({ id: episodeId, dimension: dimensionKeySchema }),
  ),
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
  /**
   * Moves the episode to the trash, whole: restorable until a start empties the trash 30 days on. Every
   * other call naming it is refused with `trashed` meanwhile (a window that still shows it learns so).
   */
  'episodes.trash': method<{ trashedAt: string }>()(byId),
  /** Brings a trashed episode back into the library as it was (the library's Undo after a delete, too). */
  'episodes.restore': method<EpisodeSummary>()(byId),
  'episodes.listTrash': method<TrashedEpisode[]>()(z.strictObject({})),
  /** A second analysis: a copy under a new id as keep-both names it (`<id>-2`, …), linked to the same media. */
  'episodes.duplicate': method<{ id: string }>()(byId),
  /** Where the episode's media file is on this machine, for the desktop's "Show media in folder". */
  'episodes.mediaLocation': method<{ path: string | null }>()(byId),
  'episodes.update': edit()(z.strictObject({ id: episodeId, patch: episodePatchSchema })),
  'episodes.export': method<{ fileName: string; json: string }>()(byId),
  /** Loads episode JSON v1 (a machine's analysis, or an export); refused with `conflict` when the id exists. */
  /**
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
  /** Episode JSON or a publishing format; `final` refuses, listing why, while the analysis is not finished. */
  'episodes.exportAs': edit<{ fileName: string; text: string; warnings: string[] }>()(
    z.strictObject({
      id: episodeId,
      format: publishFormatSchema,
      final: z.boolean().optional(),
      /** Where the web page folder's files are served (`podcast-item` needs it); kept with the episode. */
      baseUrl: webAddress.optional(),
      /** Written before the episode becomes final, so a file that cannot be written leaves it as it was. */
      saveTo: outputRefSchema.optional(),
    }),
  ),
  /**
   * The published page as a folder (page, media, captions, transcript, chapters, episode JSON). Without
   * `folder` (the browser, which cannot name one) it goes beside the database, in episcore-sites/.
   */
  'episodes.exportSite': method<SiteExport>()(
    z.strictObject({
      id: episodeId,
      folder: outputRefSchema.optional(),
      mediaAs: z.enum(['audio', 'video']).optional(),
      /** A public address the page plays instead of a copy; '' forgets the one kept. */
      mediaUrl: webAddress.or(z.literal('')).optional(),
    }),
  ),
  /** How the episode was last published (the web page's media, the feed's address), for the dialogs. */
  'episodes.publishingChoices': method<PublishingChoices>()(byId),
  'episodes.relinkMedia': edit<{ sameContent: boolean }>()(
    z.strictObject({ id: episodeId, media: fileRefSchema }),
  ),
  'media.peaks': method<PeaksStatus>()(z.strictObject({ id: episodeId, restart: z.boolean().optional() })),
  'media.cancelPeaks': method<PeaksStatus>()(byId),
  /** What the waveform's decode has folded so far, at `points` pairs; null when none is under way. */
  'media.partialPeaks': method<PartialPeaksView | null>()(
    z.strictObject({ id: episodeId, points: z.number().int().min(16).max(16384) }),
  ),
  'transcript.get': method<TranscriptView>()(byId),
  /**
   * Refused with `conflict` while segments edited by hand would be replaced, unless `replaceEdited`
   * says the editor was told (the view's `transcript.editedSegments`) and chose to go on.
   */
  'transcript.import': edit<TranscriptImport>()(
    z.strictObject({ id: episodeId, file: fileRefSchema, replaceEdited: z.boolean().optional() }),
  ),
  'transcript.editSegment': edit()(
    z.strictObject({
      id: episodeId,
      segmentId: z.string().min(1).max(64),
      text: z.string().trim().min(1, 'a segment needs text').max(100_000),
    }),
  ),
  'transcript.export': method<{ fileName: string; text: string }>()(
    z.strictObject({ id: episodeId, format: transcriptExportFormatSchema }),
  ),
  'participants.mapSpeakers': edit()(
    z.strictObject({ id: episodeId, speakers: z.array(speakerMappingSchema).max(1000) }),
  ),
  ...EDIT_METHODS,
  'review.accept': edit()(
    z.strictObject({ id: episodeId, kind: reviewKindSchema, itemId: z.string().min(1).max(64) }),
  ),
  'review.reject': edit()(
    z.strictObject({ id: episodeId, kind: reviewKindSchema, itemId: z.string().min(1).max(64) }),
  ),
  /** Scoring blind: the window hides the machine's scores until the reviewer rates them (`review.blind`). */
  'review.setBlind': edit()(z.strictObject({ id: episodeId, blind: z.boolean() })),
  'review.report': method<ReviewReport>()(byId),
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
  /** Who reviews: asked once, kept in the database, written to each episode's `review.reviewer`. */
  'reviewer.get': method<{ name: string | null }>()(z.strictObject({})),
  'reviewer.set': method<{ name: string }>()(
    z.strictObject({
      name: typedName.pipe(z.string().min(1, 'a name is needed')),
    }),
  ),
  /** The editor's choices kept with the library (the first-run hint closed, play the next after A or X). */
  'preferences.get': method<Preferences>()(z.strictObject({})),
  /** Keeps the choices given; answers with all of them. */
  'preferences.set': method<Preferences>()(preferencesSchema.partial()),
  /** Sets the library's evidence rule from an episode, answering its view (the problems follow it); not undoable. */
  'rules.requireEvidence': edit()(z.strictObject({ id: episodeId, required: z.boolean() })),
  /** The review report as CSV for a spreadsheet: one row per changed field and per differing score. */
  'review.exportReport': method<{ fileName: string; text: string }>()(byId),
  'history.undo': edit()(byId),
  'history.redo': edit()(byId),
  /** The database's backups, newest first; answered even when the database itself is damaged. */
  'backups.list': method<BackupInfo[]>()(z.strictObject({})),
  /** "Back up now": a copy of the database, whatever the day's backups; answers it as listed. */
  'backups.create': method<BackupInfo>()(z.strictObject({})),
  /** Replaces the database with a listed backup, keeping the replaced one aside as a backup. */
  'backups.restore': method<RestoreOutcome>()(
    z.strictObject({
      backup: z
        .string()
        .min(1)
        .max(255)
        .regex(/^[^/\\]+\.sqlite$/, 'a backup file name from backups.list'),
    }),
  ),
  /**
   * The restore under way, or null: asked by a window while it waits for its restore, and by any other,
   * since edits are refused until the restore is done (reads are answered meanwhile).
   */
  'backups.restoring': method<RestoreProgress | null>()(z.strictObject({})),
}

export type Contract = typeof contract
export type MethodName = keyof Contract
export type RequestOf<K extends MethodName> = z.input<Contract[K]['request']>
export type ParsedRequestOf<K extends MethodName> = z.output<Contract[K]['request']>
export type ResponseOf<K extends MethodName> = Contract[K]['response']

export const isMethodName = (name: string): name is MethodName => Object.hasOwn(contract, name)

/** The methods whose reply is `{ view, ... }`: the edits, and the exports, which may make an episode final. */
export type EditMethod = { [K in MethodName]: Contract[K]['edits'] extends true ? K : never }[MethodName]

export const answersWithView = (name: string): name is EditMethod =>
  isMethodName(name) && contract[name].edits
