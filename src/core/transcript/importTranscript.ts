import { randomUUID } from 'node:crypto'
import path from 'node:path'
import type { Db } from '../db/openDatabase'
import { episodeRow } from '../episodes/episodeQueries'
import { applyEdit } from '../history/editHistory'
import type { ExistingParticipant } from './transcriptRows'
import { transcriptRows } from './transcriptRows'
import { readTranscriptFile } from './transcriptFile'

/**
 * Replaces an episode's transcript with another (usually a corrected one) as one undoable edit.
 * Statements, chapters and scores stay: they hold times, not words, and the quote check then shows
 * which statements no longer match the words in their span.
 */
export async function importTranscript(
  db: Db,
  episodeId: string,
  file: string,
): Promise<{ segments: number; warnings: string[] }> {
  const parsed = await readTranscriptFile(file, episodeRow(db, episodeId).duration_seconds)
  // Read again after the parse: the episode may have gone while a worker read a large file.
  episodeRow(db, episodeId)
  const existing = db
    .prepare(`SELECT id, name, position FROM participants WHERE episode_id = ?`)
    .all(episodeId) as ExistingParticipant[]
  const rows = transcriptRows(episodeId, parsed, existing)
  const oldWords = db
    .prepare(`SELECT segment_id, position FROM transcript_words WHERE episode_id = ?`)
    .all(episodeId) as { segment_id: string; position: number }[]
  const oldSegments = db
    .prepare(`SELECT id FROM transcript_segments WHERE episode_id = ?`)
    .all(episodeId) as { id: string }[]
  const speakers = new Set(rows.segments.map((s) => s.speaker_id).filter((id) => id !== null))
  applyEdit(db, episodeId, `Import transcript ${path.basename(file)}`, (w) => {
    for (const word of oldWords) w.delete('transcript_words', { episode_id: episodeId, ...word })
    for (const segment of oldSegments)
      w.delete('transcript_segments', { episode_id: episodeId, id: segment.id })
    for (const row of rows.participants) w.insert('participants', row)
    for (const row of rows.segments) w.insert('transcript_segments', row)
    for (const row of rows.words) w.insert('transcript_words', row)
    w.update(
      'episodes',
      { id: episodeId },
      {
        transcript_rev: randomUUID(),
        speakers_mapped: speakers.size > 0 ? 0 : 1,
        updated_at: new Date().toISOString(),
      },
    )
  })
  return { segments: rows.segments.length, warnings: parsed.warnings ?? [] }
}
