import {
  FIRST_EPISODES,
  type EpisodeSummary,
  type EpisodeView,
  type LibraryEpisode,
  type ListingStart,
  type ParticipantView,
  type ChapterView,
  type StatementView,
} from '../../shared/contract'
import { bySpan, type Chapter, type Dimension, type Statement } from '../../shared/episodeFormat'
import { transcriptExtent } from '../../shared/transcriptPastEnd'
import type { Db } from '../db/openDatabase'
import { statement } from '../db/statements'
import { KeptWhileUnchanged, LISTED_FROM } from '../db/keptWhileUnchanged'
import { tableVersions } from '../db/tableVersions'
import { notFound } from '../errors'
import { scoreSummary, speakingBalance, speechByRole } from '../export/derivedFields'
import { quoteFindings, spokenWords } from '../../shared/quoteFindings'
import { SaidWords } from '../../shared/quotedWords'
import { inSpanOrder } from '../../shared/spanOrder'
import { readPreferences } from '../settings/preferences'
import {
  readDimensions,
  readHighlights,
  readParticipants,
  readScores,
  readStatements,
  withScores,
  readUnscoredChapters,
  type ChapterScores,
  type UnscoredChapter,
} from '../export/episodeParts'
import { libraryEpisodes } from '../library/analysisFacts'
import { scoreAverages } from '../library/scoreAverages'
import { historyState } from '../history/editHistory'
import type { EditableTable, Row } from '../history/tables'
import { quoteLocator } from '../transcript/findQuote'
import { SpokenTokens } from '../transcript/spokenTokens'
import { untimedCueIndex } from '../transcript/untimedCues'
import { derived, transcriptSnapshot, type TranscriptSnapshot } from '../transcript/transcriptSnapshot'
import type { EpisodeRow, MediaRow } from './episodeRows'
import { keptParts } from './keptParts'
import fs from 'node:fs'

export function episodeRow(db: Db, id: string): EpisodeRow {
  const row = statement(db, `SELECT * FROM episodes WHERE id = ?`).get(id) as EpisodeRow | undefined
  if (!row) throw notFound(`episode ${id}`)
  return row
}

export function mediaRow(db: Db, episodeId: string): MediaRow | null {
  return (
    (statement(db, `SELECT * FROM media WHERE episode_id = ?`).get(episodeId) as MediaRow | undefined) ?? null
  )
}

export const toSummary = (row: EpisodeRow): EpisodeSummary => ({
  id: row.id,
  title: row.title,
  show: row.show,
  publishedOn: row.published_on,
  durationSeconds: row.duration_seconds,
  reviewStatus: row.review_status,
})

/**
 * The library: one row per analysis out of the trash (see trash.ts), newest first, each naming the
 * episode it is an analysis of and whether that episode counts through it.
 */
/**
 * The listing, kept while nothing it is read from changed (migration 027 counts what the others do not):
 * reading it took 150-200 ms at 10,000 episodes, at every open of the library.
 */
const keptListing = new KeptWhileUnchanged<LibraryEpisode[]>(LISTED_FROM)

/** Every analysis out of the trash, newest first, as the library lists it. Shared: never change it. */
export const listEpisodes = (db: Db): readonly LibraryEpisode[] =>
  db.transaction(() => keptListing.get(db, () => readListing(db)))()

/** The listing's first FIRST_EPISODES episodes, with all their analyses, and how many it lists. */
export function listingStart(db: Db): ListingStart {
  const listing = listEpisodes(db)
  // Each episode's place: where its first (newest) analysis stands, as the screen orders its rows.
  const place = new Map<string, number>()
  for (const analysis of listing) if (!place.has(analysis.episode)) place.set(analysis.episode, place.size)
  return {
    analyses: listing.filter((a) => (place.get(a.episode) ?? FIRST_EPISODES) < FIRST_EPISODES),
    episodes: place.size,
  }
}

function readListing(db: Db): LibraryEpisode[] {
  return db.transaction(() => {
    const rows = db
      .prepare(`SELECT * FROM episodes WHERE trashed_at IS NULL ORDER BY created_at DESC, id`)
      .all() as EpisodeRow[]
    const averages = scoreAverages(db)
    // Other people's analyses pulled from the desk, marked with their owner (one query for the list).
    const pulledFrom = new Map(
      (
        db.prepare(`SELECT episode_id, owner FROM desk_analyses WHERE mine = 0`).all() as {
          episode_id: string
          owner: string
        }[]
      ).map((r) => [r.episode_id, r.owner]),
    )
    const ofAnalysis = new Map(
      libraryEpisodes(db).flatMap((episode) =>
        episode.analyses.map((analysis) => [analysis.id, { episode, analysis }] as const),
      ),
    )
    return rows.flatMap((row) => {
      const known = ofAnalysis.get(row.id)
      if (!known) return []
      return [
        {
          ...toSummary(row),
          reviewer: row.reviewer,
          updatedAt: row.updated_at,
          averages: averages.get(row.id) ?? {},
          episode: known.episode.id,
          analysis: known.analysis,
          counted: known.episode.counted === row.id,
          countedBecause: known.episode.because,
          ...(pulledFrom.has(row.id) && { deskOwner: pulledFrom.get(row.id) as string }),
        },
      ]
    })
  })()
}

interface Speech {
  segmentCount: number
  speakingSeconds: number
  wordCount: number
  firstLine: string | null
}

const countWords = (text: string): number => text.split(/\s+/).filter(Boolean).length

/** Each transcript speaker's share: how many segments, how long, how many words, and the first thing said. */
function speechBySpeaker({ segments }: TranscriptSnapshot): ReadonlyMap<string, Speech> {
  const speech = new Map<string, Speech>()
  // Segments are in time order, so a speaker's first segment is the first one met.
  for (const s of segments) {
    if (s.speaker_id === null) continue
    const known = speech.get(s.speaker_id)
    if (known) {
      known.segmentCount += 1
      known.speakingSeconds += s.end - s.start
      known.wordCount += countWords(s.text)
    } else
      speech.set(s.speaker_id, {
        segmentCount: 1,
        speakingSeconds: s.end - s.start,
        wordCount: countWords(s.text),
        firstLine: s.text,
      })
  }
  return speech
}

function participantViews(db: Db, id: string, transcript: TranscriptSnapshot): ParticipantView[] {
  const speech = derived(transcript, speechBySpeaker)
  const rows = db
    .prepare(
      `SELECT id, name, role, affiliation FROM participants WHERE episode_id = ? ORDER BY position, id`,
    )
    .all(id) as Pick<ParticipantView, 'id' | 'name' | 'role' | 'affiliation'>[]
  return rows.map((p) => {
    const said = speech.get(p.id)
    return {
      ...p,
      segmentCount: said?.segmentCount ?? 0,
      speakingSeconds: Math.round((said?.speakingSeconds ?? 0) * 1000) / 1000,
      wordCount: said?.wordCount ?? 0,
      firstLine: said?.firstLine ?? null,
    }
  })
}

interface QuoteResult {
  matches: boolean
  foundAt: { start: number; end: number } | null
}

/**
 * One transcript revision's quote checks, kept with it (see `derived`): an edit of the analysis leaves
 * the transcript as it was, so only the statements it touched are checked again.
 */
interface QuoteChecks {
  spoken: SpokenTokens
  /** Whether a span touches a cue without word times. */
  untimed: (start: number, end: number) => boolean
  locate: (quote: string) => { start: number; end: number } | null
  /** By statement span and quote. */
  results: Map<string, QuoteResult>
}

const quoteKey = (s: Pick<Statement, 'start' | 'end' | 'quote'>): string => `${s.start} ${s.end} ${s.quote}`

const quoteChecksOf = (transcript: TranscriptSnapshot): QuoteChecks => ({
  spoken: new SpokenTokens(transcript),
  untimed: untimedCueIndex(transcript),
  locate: quoteLocator(transcript),
  results: new Map<string, QuoteResult>(),
})

// Said of a typed quote whose words a corrected transcript changed, however few: the quote check's
// tolerance is for a typed quote against the ASR's words, not for a correction of them.
const OUTDATED_QUOTE = 'the transcript was corrected under this typed quote: check it against the new words'

/** The statements whose typed quote a transcript import left outdated (see correctedQuotes). */
const outdatedQuotes = (db: Db, id: string): Set<string> =>
  new Set(
    statement(db, `SELECT id FROM statements WHERE episode_id = ? AND quote_outdated = 1`)
      .pluck()
      .all(id) as string[],
  )

/**
 * The statements as the view shows them, each quote checked against the transcript. Only the checks of
 * the statements shown are kept (so the results do not grow with every edit of a quote), unless `some`
 * says these are only the statements an edit changed.
 */
function withQuoteChecks(
  transcript: TranscriptSnapshot,
  statements: readonly Statement[],
  outdated: ReadonlySet<string>,
  quoteFilled: ReadonlyMap<string, 0 | 1 | null>,
  some = false,
): StatementView[] {
  if (statements.length === 0) return []
  // Without a transcript there is nothing to check a quote against, which is not the quote's fault.
  const checks = transcript.segments.length > 0 ? derived(transcript, quoteChecksOf) : null
  const results = some && checks ? checks.results : new Map<string, QuoteResult>()
  const views = statements.map((s) => {
    let result: QuoteResult = { matches: true, foundAt: null }
    if (checks) {
      const key = quoteKey(s)
      // A quote asked twice in one view (copies of a statement) is checked once.
      const known = results.get(key) ?? checks.results.get(key)
      if (known) result = known
      else {
        const matches = checks.spoken.quoteMatches(s.quote, s.start, s.end)
        result = { matches, foundAt: matches ? null : checks.locate(s.quote) }
      }
      results.set(key, result)
    }
    const { matches, foundAt } = result
    return {
      id: s.id,
      title: s.title,
      quote: s.quote,
      start: s.start,
      end: s.end,
      speakerId: s.speakerId,
      chapterId: s.chapterId,
      origin: s.origin,
      status: s.status,
      quoteProblem: matches
        ? outdated.has(s.id)
          ? OUTDATED_QUOTE
          : null
        : foundAt
          ? 'the quote is said elsewhere in the transcript, not in this span'
          : 'the quote is not in the transcript',
      // A copy: the kept result must not change with what a caller does to the view.
      quoteFoundAt: foundAt && { ...foundAt },
      // Filled from the transcript (not typed or confirmed) where its words' times are estimates.
      quoteEstimated: checks !== null && quoteFilled.get(s.id) === 1 && checks.untimed(s.start, s.end),
    }
  })
  if (checks) checks.results = results
  return views
}

/** What each kept chapter was made from: a chapter is made again only when one of them changed. */
const madeFrom = new WeakMap<
  Chapter,
  { unscored: UnscoredChapter; stored?: ChapterScores; dimensions: readonly Dimension[] }
>()
const viewOf = new WeakMap<Chapter, ChapterView>()

function chaptersWithScores(
  before: readonly Chapter[] | undefined,
  unscored: readonly UnscoredChapter[],
  scores: ReadonlyMap<string, ChapterScores>,
  dimensions: readonly Dimension[],
): Chapter[] {
  const kept = new Map(before?.map((c) => [c.id, c]))
  return unscored.map((u) => {
    const stored = scores.get(u.id)
    const old = kept.get(u.id)
    const from = old && madeFrom.get(old)
    if (old && from?.unscored === u && from.stored === stored && from.dimensions === dimensions) return old
    const chapter = withScores(u, stored, dimensions)
    madeFrom.set(chapter, { unscored: u, ...(stored && { stored }), dimensions })
    return chapter
  })
}

function chapterView(chapter: Chapter): ChapterView {
  let view = viewOf.get(chapter)
  if (!view) {
    const stored = madeFrom.get(chapter)?.stored
    // Only a machine chapter has what the machine said; one without stored scores has nothing to show.
    view = {
      ...chapter,
      machineScores: chapter.origin === 'machine' && stored ? stored.machine : null,
      reasoningToConfirm: stored?.staleReasoning ?? [],
      ...(stored && stored.rescore.length > 0 && { rescore: stored.rescore }),
      scoreReview: chapter.origin === 'machine' && stored ? stored.review : null,
    }
    viewOf.set(chapter, view)
  }
  return view
}

/** The scores of the chapters one edit wrote, read again; the others kept as they were. */
function patchScores(
  db: Db,
  id: string,
  before: ReadonlyMap<string, ChapterScores>,
  keys: readonly Row[],
): Map<string, ChapterScores> {
  const scores = new Map(before)
  for (const chapterId of new Set(keys.map((k) => String(k.chapter_id)))) {
    const stored = readScores(db, id, chapterId).get(chapterId)
    if (stored) scores.set(chapterId, stored)
    else scores.delete(chapterId)
  }
  return scores
}

/** The statements one edit wrote, read and checked again; the others kept as they were. */
function patchStatements(
  db: Db,
  id: string,
  transcript: TranscriptSnapshot,
  chapters: readonly Chapter[],
  before: readonly StatementView[],
  keys: readonly Row[],
): StatementView[] {
  const ids = new Set(keys.map((k) => String(k.id)))
  const filled = new Map<string, 0 | 1 | null>()
  const fresh = withQuoteChecks(
    transcript,
    readStatements(db, id, chapters, [...ids], filled),
    outdatedQuotes(db, id),
    filled,
    true,
  )
  let statements: StatementView[]
  const at = fresh.length === 1 && ids.size === 1 ? before.findIndex((s) => ids.has(s.id)) : -1
  const old = before[at]
  const [only] = fresh
  if (old && only && old.start === only.start && old.end === only.end) {
    // Renamed or requoted where it was: in its place, the order unchanged.
    statements = [...before]
    statements[at] = only
  } else statements = [...before.filter((s) => !ids.has(s.id)), ...fresh].sort(bySpan)
  keepChecksOf(transcript, statements)
  return statements
}

/** Drops the quote checks of statements no longer shown, once edits have made them pile up. */
function keepChecksOf(transcript: TranscriptSnapshot, statements: readonly StatementView[]): void {
  if (transcript.segments.length === 0) return
  const checks = derived(transcript, quoteChecksOf)
  if (checks.results.size <= 2 * statements.length + 64) return
  const kept = new Map<string, QuoteResult>()
  for (const s of statements) {
    const result = checks.results.get(quoteKey(s))
    if (result) kept.set(quoteKey(s), result)
  }
  checks.results = kept
}

/**
 * What the episode screen shows, read in one snapshot: the parts agree with each other, and the
 * transcript revision the quote checks are kept under is the one their words were read at.
 */
export function episodeView(db: Db, id: string): EpisodeView {
  return db.transaction(() => readEpisodeView(db, id))()
}

function readEpisodeView(db: Db, id: string): EpisodeView {
  const row = episodeRow(db, id)
  const media = mediaRow(db, id)
  const transcript = transcriptSnapshot(db, id)
  const v = tableVersions(db)
  const { part, tablePart } = keptParts(db, id)
  // Replacing the episode (a file loaded again) makes every kept part stale.
  const episode = `${v.episodes}`
  const spoken = `${transcript.rev} ${transcript.segments.length}`
  const versionOf = (name: EditableTable): { name: EditableTable; version: number } => ({
    name,
    version: v[name] ?? 0,
  })

  const dimensions = part('dimensions', `${episode} ${v.rubric_dimensions}`, () => readDimensions(db, id))
  // Chapters and their scores are read apart: a chapter's title or a score is an edit of one table.
  const unscored = part('unscoredChapters', `${episode} ${v.chapters}`, () => readUnscoredChapters(db, id))
  const scores = tablePart(
    'scores',
    episode,
    versionOf('scores'),
    () => readScores(db, id),
    (before, keys) => patchScores(db, id, before, keys),
  )
  const chaptersKey = `${episode} ${v.rubric_dimensions} ${v.chapters} ${v.scores}`
  const chapters = part<readonly Chapter[]>('chapters', chaptersKey, (before) =>
    chaptersWithScores(before, unscored, scores, dimensions),
  )
  // A statement's chapter is derived from the chapters' spans, not from their titles or scores.
  const spans = chapters.map((c) => `${c.id} ${c.start} ${c.end}`).join(' ')
  const participants = part('participants', `${episode} ${v.participants}`, () => readParticipants(db, id))
  const highlights = part('highlights', `${episode} ${v.highlights}`, () => readHighlights(db, id))
  return {
    summary: toSummary(row),
    details: { sourceUrl: row.source_url, summary: row.summary },
    rubric: part('rubric', `${dimensions.length} ${chaptersKey} ${row.scale_min} ${row.scale_max}`, () => ({
      scale: { min: row.scale_min, max: row.scale_max },
      dimensions,
    })),
    chapters: part('chapterViews', chaptersKey, () => chapters.map(chapterView)),
    highlights,
    statements: tablePart(
      'statements',
      `${episode} ${spoken} ${spans}`,
      versionOf('statements'),
      () => {
        const filled = new Map<string, 0 | 1 | null>()
        return withQuoteChecks(
          transcript,
          readStatements(db, id, chapters, undefined, filled),
          outdatedQuotes(db, id),
          filled,
        )
      },
      (before, keys) => patchStatements(db, id, transcript, chapters, before, keys),
    ),
    speakingBalance: part(
      'speakingBalance',
      `${episode} ${v.participants} ${spoken} ${row.duration_seconds}`,
      () =>
        speakingBalance(
          speechByRole(
            transcript.segments.map((s) => ({ start: s.start, end: s.end, speakerId: s.speaker_id })),
            participants,
          ),
          row.duration_seconds,
        ),
    ),
    scoreSummary: part('scoreSummary', chaptersKey, () =>
      scoreSummary(
        dimensions.map((d) => d.key),
        chapters,
      ),
    ),
    media: media
      ? {
          fileName: media.file_name,
          kind: media.kind,
          available: fs.existsSync(media.path),
          changed: media.changed_sha256 !== null,
          declaredSeconds: media.declared_seconds,
        }
      : null,
    participants: part('participantViews', `${episode} ${v.participants} ${spoken}`, () =>
      participantViews(db, id, transcript),
    ),
    transcript: {
      rev: row.transcript_rev,
      segmentCount: transcript.segments.length,
      speakersMapped: row.speakers_mapped === 1,
      editedSegments: statement(
        db,
        `SELECT count(*) FROM transcript_segments WHERE episode_id = ? AND edited = 1`,
      )
        .pluck()
        .get(id) as number,
      ...part('transcriptExtent', `${spoken} ${row.duration_seconds}`, () => {
        const { segmentsPastEnd, end } = transcriptExtent(transcript.segments, row.duration_seconds)
        return { segmentsPastEnd, end }
      }),
    },
    history: historyState(db, id),
    rules: { requireEvidence: readPreferences(db).requireEvidence },
    blind: row.blind === 1,
    // The summary itself in the key: an edit of it changes no table version (episodes count rows only).
    quoteFindings: part('quoteFindings', `${chaptersKey} ${v.highlights} ${spoken} ${row.summary}`, () =>
      quoteFindings(
        {
          summary: row.summary,
          dimensions,
          chapters: inSpanOrder(chapters),
          // Read in the order the document and the problems list them (time, then id).
          highlights,
        },
        () => (transcript.segments.length > 0 ? derived(transcript, saidWordsOf) : null),
      ),
    ),
  }
}

/** The transcript's words indexed for the quote check, made once per transcript snapshot. */
const saidWordsOf = (transcript: TranscriptSnapshot): SaidWords =>
  new SaidWords(
    spokenWords(
      transcript.segments.map((s) => ({
        start: s.start,
        end: s.end,
        text: s.text,
        words: transcript.words.get(s.id) ?? [],
      })),
    ),
  )
