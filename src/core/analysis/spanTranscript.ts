import { foldedTokens } from '../../shared/quoteCheck'
import type { Db } from '../db/openDatabase'
import { transcriptSnapshot } from '../transcript/transcriptSnapshot'
import { spokenIndex, type SpokenTranscript } from './spokenIndex'

export type { SpokenTranscript }

export interface SpanTranscript {
  /** What is said in the span, as one line. */
  text: string
  /** Who speaks longest in the span; `null` when nobody known does. */
  speakerId: string | null
}

/**
 * What the transcript says between two times and who says most of it: what a new statement starts
 * with, and what a filled quote becomes when its span moves. Timed words count when their midpoint is
 * inside the span; so do the words of a segment without word times, by estimated times (its time shared
 * among its words by their characters). The quote check reads such a segment whole, so a quote filled
 * from an estimate is never refused for it. Only the segments the span overlaps are read (spokenIndex).
 */
export const saidInSpan = (transcript: SpokenTranscript, start: number, end: number): SpanTranscript =>
  spokenIndex(transcript).saidInSpan(start, end)

/**
 * Whether the quote is exactly what the span says, as isSaidText(quote, saidInSpan(…).text) answers,
 * reading the span only as far as the quote agrees with it: a load asks this of every statement.
 */
export const spanSaysQuote = (
  transcript: SpokenTranscript,
  quote: string,
  start: number,
  end: number,
): boolean => spokenIndex(transcript).says(quote, start, end)

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
