import { randomUUID } from 'node:crypto'
import path from 'node:path'
import type { TranscriptImport } from '../../shared/contract'
import { editedSegmentsRefusal } from '../../shared/transcriptImportMessage'
import { transcriptExtent, transcriptPastEndSentence } from '../../shared/transcriptPastEnd'
import type { TimedWord } from '../../shared/transcriptTokens'
import type { StatementRow } from '../analysis/analysisRows'
import { saidInSpan, type SpokenTranscript } from '../analysis/spanTranscript'
import type { Db } from '../db/openDatabase'
import { episodeRow } from '../episodes/episodeQueries'
import { UserError } from '../errors'
import { applyEdit } from '../history/editHistory'
import type { Row } from '../history/tables'
import { correctedQuotes } from './correctedQuotes'
import { unpackWords } from './packedWords'
import type { ExistingParticipant } from './transcriptRows'
import { transcriptRows } from './transcriptRows'
import { readTranscriptFile } from './transcriptFile'
import { transcriptSnapshot } from './transcriptSnapshot'

/** The label of an import's step in the history: a speaker mapping right after it joins that step. */
export const IMPORT_LABEL = 'Import transcript'

/** The new transcript's rows as the span reading takes them. */
function spokenOf(rows: { segments: Row[] }): SpokenTranscript {
  const words = new Map<string, TimedWord[]>()
  for (const s of rows.segments) {
    const list = unpackWords((s.words as string | null) ?? null, String(s.id))
    if (list.length > 0) words.set(String(s.id), list)
  }
  return {
    segments: rows.segments.map((s) => ({
      id: String(s.id),
      start: Number(s.start),
      end: Number(s.end),
      speaker_id: (s.speaker_id as string | null) ?? null,
      text: String(s.text),
    })),
    words,
  }
}

/**
 * Replaces an episode's transcript with another (usually a corrected one) as one undoable edit.
 * Statements, chapters and scores stay: they hold times, not words. A quote filled from the transcript
 * is filled again from the new words in its span; a typed quote the new words no longer say is flagged
 * until the editor edits it. Segments the editor edited by hand are replaced only when `replaceEdited`
 * says the editor was told.
 */
export async function importTranscript(
  db: Db,
  episodeId: string,
  file: string,
  options: { replaceEdited?: boolean } = {},
): Promise<TranscriptImport> {
  const duration = episodeRow(db, episodeId).duration_seconds
  const parsed = await readTranscriptFile(file, duration)
  // Read again after the parse: the episode may have gone while a worker read a large file.
  episodeRow(db, episodeId)
  const edited = db
    .prepare(`SELECT count(*) FROM transcript_segments WHERE episode_id = ? AND edited = 1`)
    .pluck()
    .get(episodeId) as number
  if (edited > 0 && !options.replaceEdited) throw new UserError('conflict', editedSegmentsRefusal(edited))
  const existing = db
    .prepare(`SELECT id, name, position FROM participants WHERE episode_id = ?`)
    .all(episodeId) as ExistingParticipant[]
  const rows = transcriptRows(episodeId, parsed, existing)
  const oldSegments = db
    .prepare(`SELECT id FROM transcript_segments WHERE episode_id = ?`)
    .all(episodeId) as { id: string }[]
  const statements = db
    .prepare(`SELECT * FROM statements WHERE episode_id = ?`)
    .all(episodeId) as StatementRow[]
  const oldSpoken = transcriptSnapshot(db, episodeId)
  const newSpoken = spokenOf(rows)
  const quotes = correctedQuotes(
    statements,
    (s) => saidInSpan(oldSpoken, s.start, s.end).text,
    (s) => saidInSpan(newSpoken, s.start, s.end).text,
  )
  const speakers = new Set(rows.segments.map((s) => s.speaker_id).filter((id) => id !== null))
  const silent = [...existing.map((p) => ({ id: p.id, name: p.name }))].filter((p) => !speakers.has(p.id))
  applyEdit(db, episodeId, `${IMPORT_LABEL} ${path.basename(file)}`, (w) => {
    for (const segment of oldSegments)
      w.delete('transcript_segments', { episode_id: episodeId, id: segment.id })
    for (const row of rows.participants) w.insert('participants', row)
    for (const row of rows.segments) w.insert('transcript_segments', row)
    for (const change of quotes.changes)
      w.update('statements', { episode_id: episodeId, id: change.id }, change.columns)
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
  const pastEnd = transcriptPastEndSentence(transcriptExtent(newSpoken.segments, duration), duration)
  return {
    segments: rows.segments.length,
    warnings: [...(parsed.warnings ?? []), ...(pastEnd ? [pastEnd] : [])],
    quotesRefilled: quotes.refilled,
    quotesOutdated: quotes.outdated,
    silentSpeakers: silent.map((p) => p.name),
  }
}
