import { estimatedWordsInSpan } from '../../shared/estimatedWordTimes'
import { foldedTokens } from '../../shared/quoteCheck'
import type { TimedWord } from '../../shared/transcriptTokens'
import type { Db } from '../db/openDatabase'
import { transcriptSnapshot } from '../transcript/transcriptSnapshot'

export interface SpanTranscript {
  /** What is said in the span, as one line. */
  text: string
  /** Who speaks longest in the span; `null` when nobody known does. */
  speakerId: string | null
}

/** A transcript as the span reading needs it: the database's snapshot, or a document being loaded. */
export interface SpokenTranscript {
  segments: readonly { id: string; start: number; end: number; speaker_id: string | null; text: string }[]
  words: ReadonlyMap<string, readonly TimedWord[]>
}

/**
 * What the transcript says between two times and who says most of it: what a new statement starts
 * with, and what a filled quote becomes when its span moves. Timed words count when their midpoint is
 * inside the span; so do the words of a segment without word times, by estimated times (its time shared
 * among its words by their characters). The quote check reads such a segment whole, so a quote filled
 * from an estimate is never refused for it.
 */
export function saidInSpan(transcript: SpokenTranscript, start: number, end: number): SpanTranscript {
  const said: string[] = []
  const seconds = new Map<string, number>()
  for (const segment of transcript.segments) {
    const overlap = Math.min(end, segment.end) - Math.max(start, segment.start)
    if (overlap <= 0) continue
    if (segment.speaker_id) seconds.set(segment.speaker_id, (seconds.get(segment.speaker_id) ?? 0) + overlap)
    const timed = transcript.words.get(segment.id) ?? []
    // A cue without word times: its words' times are estimated (shared/estimatedWordTimes.ts).
    if (timed.length === 0) said.push(...estimatedWordsInSpan(segment, start, end))
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

/** The episode's transcript in a span: see saidInSpan. */
export const spanTranscript = (db: Db, episodeId: string, start: number, end: number): SpanTranscript =>
  saidInSpan(transcriptSnapshot(db, episodeId), start, end)

/**
 * Whether a quote is exactly the words said (case, punctuation and spacing aside): a quote filled from
 * the transcript, which follows its span, as opposed to one typed, which is kept as it was written.
 */
export function isSaidText(quote: string, said: string): boolean {
  const a = foldedTokens(quote)
  const b = foldedTokens(said)
  return a.length > 0 && a.length === b.length && a.every((t, i) => t === b[i])
}
