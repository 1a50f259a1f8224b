import type { TimedWord } from '../../shared/transcriptTokens'
import type { Db } from '../db/openDatabase'
import { statement } from '../db/statements'
import { packWords, unpackWords } from '../transcript/packedWords'
import type { Row } from './tables'

/*
 * History written before migration 024 changed timed words a row each (table `transcript_words`, keyed
 * by segment and position); the words now live packed in their segment. Such an edit still undoes and
 * redoes: its word changes are gathered per segment, by position, while the edit replays, and each
 * touched segment's words are written once at the end (positions are renumbered only then, so a change
 * naming position 7 means the word that was there when the edit was made).
 */

export const LEGACY_WORDS_TABLE = 'transcript_words'

interface TouchedSegment {
  episodeId: string
  segmentId: string
  words: Map<number, TimedWord>
}

export class LegacyWordChanges {
  private readonly touched = new Map<string, TouchedSegment>()
  constructor(private readonly db: Db) {}

  /** One word row set to `row` (null: gone) under `key`, as the old history recorded it. */
  apply(key: Row, row: Row | null): void {
    const episodeId = String(key.episode_id)
    const segmentId = String(key.segment_id)
    const name = JSON.stringify([episodeId, segmentId])
    let segment = this.touched.get(name)
    if (!segment) {
      const stored = statement(
        this.db,
        `SELECT words FROM transcript_segments WHERE episode_id = ? AND id = ?`,
      ).get(episodeId, segmentId) as { words: string | null } | undefined
      const words = new Map(unpackWords(stored?.words ?? null, segmentId).map((w, i) => [i, w]))
      this.touched.set(name, (segment = { episodeId, segmentId, words }))
    }
    const position = Number(key.position)
    if (row === null) segment.words.delete(position)
    else
      segment.words.set(position, { start: Number(row.start), end: Number(row.end), text: String(row.text) })
  }

  /** Writes each touched segment's words, in position order; answers how many segment rows changed. */
  finish(): number {
    let written = 0
    for (const { episodeId, segmentId, words } of this.touched.values()) {
      const ordered = [...words].sort(([a], [b]) => a - b).map(([, word]) => word)
      written += statement(
        this.db,
        `UPDATE transcript_segments SET words = ? WHERE episode_id = ? AND id = ?`,
      ).run(packWords(ordered), episodeId, segmentId).changes
    }
    this.touched.clear()
    return written
  }
}
