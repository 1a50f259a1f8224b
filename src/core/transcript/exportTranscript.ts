import type { TranscriptExportFormat } from '../../shared/contract'
import type { Db } from '../db/openDatabase'
import { episodeRow } from '../episodes/episodeQueries'
import { UserError } from '../errors'
import type { ParsedSegment } from './parsedTranscript'
import { transcriptSnapshot } from './transcriptSnapshot'
import { writePodcastingJson, writeSrt, writeWebVtt } from './writeTranscript'

const WRITERS: Record<TranscriptExportFormat, { extension: string; write: (s: ParsedSegment[]) => string }> =
  {
    vtt: { extension: 'vtt', write: writeWebVtt },
    srt: { extension: 'srt', write: writeSrt },
    'podcast-json': { extension: 'transcript.json', write: writePodcastingJson },
  }

/** The episode's transcript with speakers by name, as it is now (edits and mapping included). */
export function episodeTranscriptSegments(db: Db, episodeId: string): ParsedSegment[] {
  const names = new Map(
    (
      db.prepare(`SELECT id, name FROM participants WHERE episode_id = ?`).all(episodeId) as {
        id: string
        name: string
      }[]
    ).map((p) => [p.id, p.name]),
  )
  const { segments, words } = transcriptSnapshot(db, episodeId)
  return segments.map((s) => ({
    start: s.start,
    end: s.end,
    speaker: s.speaker_id ? (names.get(s.speaker_id) ?? null) : null,
    text: s.text,
    words: [...(words.get(s.id) ?? [])],
  }))
}

/** A transcript file for publishing: WebVTT, SRT or the Podcasting 2.0 JSON transcript. */
export function exportTranscript(
  db: Db,
  episodeId: string,
  format: TranscriptExportFormat,
): { fileName: string; text: string } {
  const episode = episodeRow(db, episodeId)
  const segments = episodeTranscriptSegments(db, episodeId)
  if (segments.length === 0)
    throw new UserError('invalid-input', `episode "${episode.title}" has no transcript`)
  const writer = WRITERS[format]
  const base = episode.title.replace(/[^\p{L}\p{N}._ -]+/gu, '').trim() || 'episode'
  return { fileName: `${base}.${writer.extension}`, text: writer.write(segments) }
}
