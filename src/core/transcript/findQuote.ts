import { quoteMatches, foldedTokens } from '../../shared/quoteCheck'
import { foldToken, tokensOf } from '../../shared/transcriptTokens'
import type { TranscriptSnapshot } from './transcriptSnapshot'

interface TimedToken {
  folded: string
  text: string
  start: number
  end: number
}

/** The transcript as one run of folded tokens with times (a segment's own times where it has no words). */
function timedTokens(transcript: TranscriptSnapshot): TimedToken[] {
  const tokens: TimedToken[] = []
  for (const segment of transcript.segments) {
    const timed = transcript.words.get(segment.id)
    const pieces =
      timed && timed.length > 0
        ? timed
        : tokensOf(segment.text).map((text) => ({ text, start: segment.start, end: segment.end }))
    for (const p of pieces) {
      const folded = foldToken(p.text)
      if (folded !== '') tokens.push({ folded, text: p.text, start: p.start, end: p.end })
    }
  }
  return tokens
}

/**
 * Where in the transcript a quote is said, when it is not said in its own span: the first place whose
 * opening words are the quote's and whose words match it as the quote check does. Null when nowhere.
 * Built once per transcript revision (see `derived`); the tokens are made at the first quote asked for.
 */
export function quoteLocator(
  transcript: TranscriptSnapshot,
): (quote: string) => { start: number; end: number } | null {
  let tokens: TimedToken[] | null = null
  // Where each word is said: a quote is looked for only where its first word is, not in every word.
  let places: Map<string, number[]> | null = null
  const found = new Map<string, { start: number; end: number } | null>()
  const locate = (quote: string): { start: number; end: number } | null => {
    const wanted = foldedTokens(quote)
    if (wanted.length === 0) return null
    tokens ??= timedTokens(transcript)
    if (!places) {
      places = new Map()
      for (const [i, t] of tokens.entries()) {
        const list = places.get(t.folded)
        if (list) list.push(i)
        else places.set(t.folded, [i])
      }
    }
    const [first, second] = wanted
    // Some slack for a word the ASR split or merged.
    const length = wanted.length + 2
    for (const i of places.get(first ?? '') ?? []) {
      if (second !== undefined && tokens[i + 1]?.folded !== second && tokens[i + 2]?.folded !== second)
        continue
      const window = tokens.slice(i, i + length)
      if (!quoteMatches(quote, window.map((t) => t.text).join(' '))) continue
      const lastIndex = Math.min(tokens.length, i + wanted.length) - 1
      return { start: tokens[i]?.start ?? 0, end: tokens[lastIndex]?.end ?? 0 }
    }
    return null
  }
  // Statements copied with their quote are looked for once.
  return (quote) => {
    let place = found.get(quote)
    if (place === undefined) found.set(quote, (place = locate(quote)))
    return place && { ...place }
  }
}
