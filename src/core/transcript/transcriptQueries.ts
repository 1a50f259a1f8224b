import type { TranscriptView } from '../../shared/contract'
import { alignWords, tokensOf, type TimedWord } from '../../shared/transcriptTokens'
import type { Db } from '../db/openDatabase'
import type { SegmentRow, WordRow } from '../episodes/episodeRows'
import { episodeRow } from '../episodes/episodeQueries'

/** Every segment's timed words, grouped by segment id, in order. */
export function wordsBySegment(db: Db, episodeId: string): Map<string, TimedWord[]> {
  const words = db
    .prepare(
      `SELECT segment_id, start, end, text FROM transcript_words WHERE episode_id = ? ORDER BY segment_id, position`,
    )
    .all(episodeId) as WordRow[]
  const bySegment = new Map<string, TimedWord[]>()
  for (const w of words) {
    let list = bySegment.get(w.segment_id)
    if (!list) bySegment.set(w.segment_id, (list = []))
    list.push({ start: w.start, end: w.end, text: w.text })
  }
  return bySegment
}

export function segmentRows(db: Db, episodeId: string): SegmentRow[] {
  return db
    .prepare(`SELECT * FROM transcript_segments WHERE episode_id = ? ORDER BY start, end, id`)
    .all(episodeId) as SegmentRow[]
}

/**
 * The transcript as the panel shows it: each segment's tokens with the times of the words they match.
 * Sent apart from the episode view because it is the one large thing, fetched again only when its
 * revision changes.
 */
export function transcriptView(db: Db, episodeId: string): TranscriptView {
  const rev = episodeRow(db, episodeId).transcript_rev
  const words = wordsBySegment(db, episodeId)
  const segments = segmentRows(db, episodeId).map((s) => ({
    id: s.id,
    start: s.start,
    end: s.end,
    speakerId: s.speaker_id,
    text: s.text,
    approximate: s.approximate === 1,
    wordTimes: alignWords(tokensOf(s.text), words.get(s.id) ?? []).map((w): [number, number] | null =>
      w ? [w.start, w.end] : null,
    ),
  }))
  return { rev, segments }
}
