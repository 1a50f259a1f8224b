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

function withQuoteChecks(db: Db, id: string, statements: readonly Statement[]): StatementView[] {
  if (statements.length === 0) return []
  // Without a transcript there is nothing to check a quote against, which is not the quote's fault.
  const hasTranscript = db.prepare(`SELECT 1 FROM transcript_segments WHERE episode_id = ? LIMIT 1`).get(id)
  const spoken = hasTranscript ? spokenTextIndex(db, id) : () => ''
  const locate = quoteLocator(db, id)
  return statements.map((s) => {
    const matches = !hasTranscript || quoteMatches(s.quote, spoken(s.start, s.end))
    const foundAt = matches ? null : locate(s.quote)
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
      quoteFoundAt: foundAt,
    }
  })
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

/** What the episode screen shows. */
export function episodeView(db: Db, id: string): EpisodeView {
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
    statements: withQuoteChecks(db, id, doc.statements),
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
