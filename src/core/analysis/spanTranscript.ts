import type { Db } from '../db/openDatabase'
import { transcriptSnapshot } from '../transcript/transcriptSnapshot'

export interface SpanTranscript {
  /** What is said in the span, as one line. */
  text: string
  /** Who speaks longest in the span; `null` when nobody known does. */
  speakerId: string | null
}

/**
 * What the transcript says between two times and who says most of it: what a new statement starts
 * with. Timed words count when their midpoint is inside the span; a segment without word times counts
 * whole when it overlaps the span, as the quote check reads it.
 */
export function spanTranscript(db: Db, episodeId: string, start: number, end: number): SpanTranscript {
  const { segments, words } = transcriptSnapshot(db, episodeId)
  const said: string[] = []
  const seconds = new Map<string, number>()
  for (const segment of segments) {
    const overlap = Math.min(end, segment.end) - Math.max(start, segment.start)
    if (overlap <= 0) continue
    if (segment.speaker_id) seconds.set(segment.speaker_id, (seconds.get(segment.speaker_id) ?? 0) + overlap)
    const timed = words.get(segment.id) ?? []
    if (timed.length === 0) said.push(segment.text)
    else
      for (const word of timed) {
        const middle = (word.start + word.end) / 2
        if (middle >= start && middle <= end) said.push(word.text)
      }
  }
  let speakerId: string | null = null
  let longest = 0
  for (const [id, total] of seconds) if (total > longest) [speakerId, longest] = [id, total]
  return { text: said.join(' ').replace(/\s+/g, ' ').trim(), speakerId }
}
