import type {
  EpisodeSummary,
  EpisodeView,
  ParticipantView,
  ChapterView,
  StatementView,
} from '../../shared/contract'
import type { Chapter, Statement } from '../../shared/episodeFormat'
import { quoteMatches } from '../../shared/quoteCheck'
import type { Db } from '../db/openDatabase'
import { statement } from '../db/statements'
import { notFound } from '../errors'
import { scoreSummary, speakingBalance, speechByRole } from '../export/derivedFields'
import {
  readChapterRows,
  readDimensions,
  readHighlights,
  readParticipants,
  readScores,
  readStatements,
  withScores,
  type ChapterScores,
} from '../export/episodeParts'
import { historyState } from '../history/editHistory'
import { quoteLocator } from '../transcript/findQuote'
import { spokenTextIndex } from '../transcript/spokenText'
import { derived, transcriptSnapshot, type TranscriptSnapshot } from '../transcript/transcriptSnapshot'
import type { EpisodeRow, MediaRow } from './episodeRows'
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

const toSummary = (row: EpisodeRow): EpisodeSummary => ({
  id: row.id,
  title: row.title,
  show: row.show,
  publishedOn: row.published_on,
  durationSeconds: row.duration_seconds,
  reviewStatus: row.review_status,
})

export function listEpisodes(db: Db): EpisodeSummary[] {
  const rows = db.prepare(`SELECT * FROM episodes ORDER BY created_at DESC, id`).all() as EpisodeRow[]
  return rows.map(toSummary)
}

interface Speech {
  segmentCount: number
  speakingSeconds: number
  firstLine: string | null
}

/** Each transcript speaker's share: how many segments, how long, and the first thing said. */
function speechBySpeaker({ segments }: TranscriptSnapshot): ReadonlyMap<string, Speech> {
  const speech = new Map<string, Speech>()
  // Segments are in time order, so a speaker's first segment is the first one met.
  for (const s of segments) {
    if (s.speaker_id === null) continue
    const known = speech.get(s.speaker_id)
    if (known) {
      known.segmentCount += 1
      known.speakingSeconds += s.end - s.start
    } else speech.set(s.speaker_id, { segmentCount: 1, speakingSeconds: s.end - s.start, firstLine: s.text })
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
  spoken: (start: number, end: number) => string
  locate: (quote: string) => { start: number; end: number } | null
  /** By statement span and quote. */
  results: Map<string, QuoteResult>
}

const quoteChecksOf = (transcript: TranscriptSnapshot): QuoteChecks => ({
  spoken: spokenTextIndex(transcript),
  locate: quoteLocator(transcript),
  results: new Map<string, QuoteResult>(),
})

function withQuoteChecks(transcript: TranscriptSnapshot, statements: readonly Statement[]): StatementView[] {
  if (statements.length === 0) return []
  // Without a transcript there is nothing to check a quote against, which is not the quote's fault.
  const checks = transcript.segments.length > 0 ? derived(transcript, quoteChecksOf) : null
  // Only this view's statements are kept, so the map does not grow with every edit of a quote.
  const results = new Map<string, QuoteResult>()
  const views = statements.map((s) => {
    let result: QuoteResult = { matches: true, foundAt: null }
    if (checks) {
      const key = `${s.start} ${s.end} ${s.quote}`
      const known = checks.results.get(key)
      if (known) result = known
      else {
        const matches = quoteMatches(s.quote, checks.spoken(s.start, s.end))
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
        ? null
        : foundAt
          ? 'the quote is said elsewhere in the transcript, not in this span'
          : 'the quote is not in the transcript',
      // A copy: the kept result must not change with what a caller does to the view.
      quoteFoundAt: foundAt && { ...foundAt },
    }
  })
  if (checks) checks.results = results
  return views
}

const chapterView = (chapter: Chapter, stored: ChapterScores | undefined): ChapterView => ({
  ...chapter,
  // Only a machine chapter has what the machine said; one without stored scores has nothing to show.
  machineScores: chapter.origin === 'machine' && stored ? stored.machine : null,
})

/**
 * What the episode screen shows, read in one snapshot: the parts agree with each other, and the
 * transcript revision the quote checks are kept under is the one their words were read at.
 */
export function episodeView(db: Db, id: string): EpisodeView {
  return db.transaction(() => readEpisodeView(db, id))()
}

/**
 * The view's parts kept from the last view of the episode, each under a key naming what it was built
 * from: table versions (counted by triggers, see migration 004), the transcript revision, the fields of
 * the episode row it shows. Kept parts are frozen: every view shares them, and so does every reply.
 */
interface KeptParts {
  episodeId: string
  parts: Map<string, { key: string; value: unknown }>
}
const keptByDb = new WeakMap<Db, KeptParts>()

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const inner of Object.values(value)) deepFreeze(inner)
  }
  return value
}

function partsOf(db: Db, id: string): <T>(name: string, key: string, build: () => T) => T {
  let kept = keptByDb.get(db)
  if (!kept || kept.episodeId !== id) keptByDb.set(db, (kept = { episodeId: id, parts: new Map() }))
  const { parts } = kept
  return (name, key, build) => {
    const known = parts.get(name)
    if (known && known.key === key) return known.value as ReturnType<typeof build>
    const value = deepFreeze(build())
    parts.set(name, { key, value })
    return value
  }
}

function tableVersions(db: Db): Record<string, number> {
  const rows = statement(db, `SELECT name, version FROM table_versions`).all() as {
    name: string
    version: number
  }[]
  return Object.fromEntries(rows.map((r) => [r.name, r.version]))
}

function readEpisodeView(db: Db, id: string): EpisodeView {
  const row = episodeRow(db, id)
  const media = mediaRow(db, id)
  const transcript = transcriptSnapshot(db, id)
  const v = tableVersions(db)
  const part = partsOf(db, id)
  // Replacing the episode (a file loaded again) makes every kept part stale.
  const episode = `${v.episodes}`
  const spoken = `${transcript.rev} ${transcript.segments.length}`

  const dimensions = part('dimensions', `${episode} ${v.rubric_dimensions}`, () => readDimensions(db, id))
  // Chapters and their scores are read apart: a chapter's title or a score is an edit of one table.
  const chapterRows = part('chapterRows', `${episode} ${v.chapters}`, () => readChapterRows(db, id))
  const scores = part('scores', `${episode} ${v.scores}`, () => readScores(db, id))
  const chaptersKey = `${episode} ${v.rubric_dimensions} ${v.chapters} ${v.scores}`
  const chapters = part('chapters', chaptersKey, () =>
    chapterRows.map((c) => withScores(c, scores.get(c.id), dimensions)),
  )
  // A statement's chapter is derived from the chapters' spans, not from their titles or scores.
  const spans = chapters.map((c) => `${c.id} ${c.start} ${c.end}`).join(' ')
  const participants = part('participants', `${episode} ${v.participants}`, () => readParticipants(db, id))
  return {
    summary: toSummary(row),
    details: { sourceUrl: row.source_url, summary: row.summary },
    rubric: part('rubric', `${dimensions.length} ${chaptersKey} ${row.scale_min} ${row.scale_max}`, () => ({
      scale: { min: row.scale_min, max: row.scale_max },
      dimensions,
    })),
    chapters: part('chapterViews', chaptersKey, () => chapters.map((c) => chapterView(c, scores.get(c.id)))),
    highlights: part('highlights', `${episode} ${v.highlights}`, () => readHighlights(db, id)),
    statements: part('statements', `${episode} ${v.statements} ${spoken} ${spans}`, () =>
      withQuoteChecks(transcript, readStatements(db, id, chapters)),
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
      ? { fileName: media.file_name, kind: media.kind, available: fs.existsSync(media.path) }
      : null,
    participants: part('participantViews', `${episode} ${v.participants} ${spoken}`, () =>
      participantViews(db, id, transcript),
    ),
    transcript: {
      rev: row.transcript_rev,
      segmentCount: transcript.segments.length,
      speakersMapped: row.speakers_mapped === 1,
    },
    history: historyState(db, id),
  }
}
