import { foldToken, tokensOf } from './transcriptTokens'

/** Folded, non-empty tokens: what two texts are compared by (case, punctuation, spacing ignored). */
export const foldedTokens = (text: string): string[] =>
  tokensOf(text)
    .map(foldToken)
    .filter((t) => t !== '')

function commonSubsequence(a: readonly string[], b: readonly string[]): number {
  let previous = new Uint32Array(b.length + 1)
  let current = new Uint32Array(b.length + 1)
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++)
      current[j] =
        a[i - 1] === b[j - 1] ? (previous[j - 1] ?? 0) + 1 : Math.max(previous[j] ?? 0, current[j - 1] ?? 0)
    ;[previous, current] = [current, previous]
  }
  return previous[b.length] ?? 0
}

/** How many of the quote's folded words are said, in order, in the spoken text. */
export const wordsSaid = (quote: string, spokenText: string): number =>
  commonSubsequence(foldedTokens(quote), foldedTokens(spokenText))

// An ASR transcript and a hand-typed quote differ by a word here and there ("gonna" / "going to").
const MATCH_RATIO = 0.85

// A span cut short drops a run of words at an edge of the quote; an ASR difference there is one word.
const MISSING_AT_AN_EDGE = 1

/** How many of the quote's words, from one end, are not said anywhere in the span. */
function missingRun(wanted: readonly string[], said: ReadonlySet<string>): number {
  let run = 0
  while (run < wanted.length && !said.has(wanted[run] ?? '')) run++
  return run
}

/**
 * Whether a quote is what the transcript says: at least 85% of the quote's folded words found, in
 * order, among the words said in its span, and no more than a word of either end missing from it
 * (a long quote whose span lost its last three words is not what the span says).
 */
export const quoteMatches = (quote: string, spokenText: string): boolean =>
  tokensMatch(foldedTokens(quote), foldedTokens(spokenText))

/** quoteMatches on folded tokens: the quote's (`wanted`) and the span's (`said`). */
export function tokensMatch(wanted: readonly string[], said: readonly string[]): boolean {
  if (wanted.length === 0) return true
  if (said.length === 0) return false
  const present = new Set(said)
  if (missingRun(wanted, present) > MISSING_AT_AN_EDGE) return false
  if (missingRun([...wanted].reverse(), present) > MISSING_AT_AN_EDGE) return false
  return commonSubsequence(wanted, said) >= wordsNeeded(wanted.length)
}

/** How many of a quote's words must be said, in order, for it to match. */
export const wordsNeeded = (quoteWords: number): number => Math.ceil(quoteWords * MATCH_RATIO)

/** How many words at either end of a quote may be missing from its span. */
export const MISSING_AT_EDGES = MISSING_AT_AN_EDGE
