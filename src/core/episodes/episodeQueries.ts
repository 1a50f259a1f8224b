import type { EpisodeSummary, EpisodeView, SpanView } from '../../shared/contract'
import type { Db } from '../db/openDatabase'
import { notFound } from '../errors'
import { historyState } from '../history/editHistory'
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

/** What the episode screen shows. */
export function episodeView(db: Db, id: string): EpisodeView {
  const row = episodeRow(db, id)
  const media = mediaRow(db, id)
  const segments = db
    .prepare(
      `SELECT s.id, s.start, s.end, p.name AS speaker, s.text
       FROM transcript_segments s LEFT JOIN participants p ON p.episode_id = s.episode_id AND p.id = s.speaker_id
       WHERE s.episode_id = ? ORDER BY s.start, s.end, s.id`,
    )
    .all(id) as EpisodeView['segments']
  const spans = (table: 'chapters' | 'statements'): SpanView[] =>
    db
      .prepare(`SELECT id, title, start, end FROM ${table} WHERE episode_id = ? ORDER BY start, end, id`)
      .all(id) as SpanView[]
  return {
    summary: toSummary(row),
    chapters: spans('chapters'),
    statements: spans('statements'),
    media: media
      ? { fileName: media.file_name, kind: media.kind, available: fs.existsSync(media.path) }
      : null,
    segments,
    history: historyState(db, id),
  }
}
