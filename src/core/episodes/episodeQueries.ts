import type {
  EpisodeSummary,
  EpisodeView,
  ParticipantView,
  ChapterView,
  ScoreView,
  StatementView,
} from '../../shared/contract'
import type { Chapter, Statement } from '../../shared/episodeFormat'
import { quoteMatches } from '../../shared/quoteCheck'
import type { Db } from '../db/openDatabase'
import { notFound } from '../errors'
import { episodeDocument } from '../export/exportEpisode'
import { historyState } from '../history/editHistory'
import { quoteLocator } from '../transcript/findQuote'
import { spokenTextIndex } from '../transcript/spokenText'
import type { EpisodeRow, MediaRow } from './episodeRows'
import fs from 'node:fs'

export function episodeRow(db: Db, id: string): EpisodeRow {
  const row = db.prepare(`SELECT * FROM episodes WHERE id = ?`).get(id) as EpisodeRow | undefined
  if (!row) throw notFound(`episode ${id}`)
  return row
}

export function mediaRow(db: Db, episodeId: string): MediaRow | null {
  return (
    (db.prepare(`SELECT * FROM media WHERE episode_id = ?`).get(episodeId) as MediaRow | undefined) ?? null
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

function participantViews(db: Db, id: string): ParticipantView[] {
  return (
    db
      .prepare(
        `SELECT p.id, p.name, p.role, p.affiliation,
           count(s.id) AS segmentCount, coalesce(sum(s.end - s.start), 0) AS speakingSeconds,
           (SELECT text FROM transcript_segments f WHERE f.episode_id = p.episode_id AND f.speaker_id = p.id
            ORDER BY f.start LIMIT 1) AS firstLine
         FROM participants p
         LEFT JOIN transcript_segments s ON s.episode_id = p.episode_id AND s.speaker_id = p.id
         WHERE p.episode_id = ? GROUP BY p.id ORDER BY p.position, p.id`,
      )
      .all(id) as ParticipantView[]
  ).map((p) => ({ ...p, speakingSeconds: Math.round(p.speakingSeconds * 1000) / 1000 }))
}

interface QuoteResult {
  matches: boolean
  foundAt: { start: number; end: number } | null
}

/**
 * One transcript revision's quote checks, kept between views: an edit of the analysis leaves the
 * transcript as it was, and reading its words again (40,000 in four hours) would be most of the view's
 * time. transcript_rev changes with every change of the transcript and comes back with its undo, so one
 * revision always names the same words. One episode per database is kept: the one being edited.
 */
interface QuoteChecks {
  episodeId: string
  rev: string
  spoken: (start: number, end: number) => string
  locate: (quote: string) => { start: number; end: number } | null
  /** By statement span and quote: the statements an edit did not touch are not checked again. */
  results: Map<string, QuoteResult>
}

const quoteChecksByDb = new WeakMap<Db, QuoteChecks>()

function quoteChecks(db: Db, id: string, rev: string): QuoteChecks {
  const kept = quoteChecksByDb.get(db)
  if (kept && kept.episodeId === id && kept.rev === rev) return kept
  const fresh = {
    episodeId: id,
    rev,
    spoken: spokenTextIndex(db, id),
    locate: quoteLocator(db, id),
    results: new Map<string, QuoteResult>(),
  }
  quoteChecksByDb.set(db, fresh)
  return fresh
}

function withQuoteChecks(
  db: Db,
  id: string,
  transcriptRev: string,
  statements: readonly Statement[],
): StatementView[] {
  if (statements.length === 0) return []
  // Without a transcript there is nothing to check a quote against, which is not the quote's fault.
  const hasTranscript = db.prepare(`SELECT 1 FROM transcript_segments WHERE episode_id = ? LIMIT 1`).get(id)
  const checks = hasTranscript ? quoteChecks(db, id, transcriptRev) : null
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

function withMachineScores(db: Db, id: string, chapters: readonly Chapter[]): ChapterView[] {
  const rows = db
    .prepare(
      `SELECT s.chapter_id, s.dimension_key, s.machine_value, s.machine_reasoning FROM scores s
       JOIN chapters c ON c.episode_id = s.episode_id AND c.id = s.chapter_id
       WHERE s.episode_id = ? AND c.origin = 'machine'`,
    )
    .all(id) as {
    chapter_id: string
    dimension_key: string
    machine_value: number | null
    machine_reasoning: string | null
  }[]
  const machine = new Map<string, Record<string, ScoreView>>()
  for (const r of rows) {
    const scores = machine.get(r.chapter_id) ?? {}
    scores[r.dimension_key] = { value: r.machine_value, reasoning: r.machine_reasoning ?? '' }
    machine.set(r.chapter_id, scores)
  }
  return chapters.map((c) => ({ ...c, machineScores: machine.get(c.id) ?? null }))
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
  const doc = episodeDocument(db, id, false)
  const segmentCount = (
    db.prepare(`SELECT count(*) AS n FROM transcript_segments WHERE episode_id = ?`).get(id) as { n: number }
  ).n
  return {
    summary: toSummary(row),
    details: { sourceUrl: row.source_url, summary: row.summary },
    rubric: { scale: doc.rubric.scale, dimensions: doc.rubric.dimensions },
    chapters: withMachineScores(db, id, doc.chapters),
    highlights: doc.highlights,
    statements: withQuoteChecks(db, id, row.transcript_rev, doc.statements),
    speakingBalance: doc.speakingBalance,
    scoreSummary: doc.scoreSummary,
    media: media
      ? { fileName: media.file_name, kind: media.kind, available: fs.existsSync(media.path) }
      : null,
    participants: participantViews(db, id),
    transcript: { rev: row.transcript_rev, segmentCount, speakersMapped: row.speakers_mapped === 1 },
    history: historyState(db, id),
  }
}
