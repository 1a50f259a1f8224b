/**
 * Words of a segment's text and how they line up with timed words. A segment's text is the truth the
 * editor reads and edits; word times are kept only where a text token still matches a timed word.
 */

export interface TimedWord {
  start: number
  end: number
  text: string
}

/** Whitespace-separated tokens; texts are stored with single spaces, so this is exact for them. */
export const tokensOf = (text: string): string[] => text.split(/\s+/).filter((t) => t !== '')

// Speech repeats a few thousand words; folding each again (Unicode normalization and two regular
// expressions) was most of checking a thousand quotes against four hours of words.
const FOLDED_KEPT = 50_000
const folded = new Map<string, string>()

/** A token as compared for matching: case, punctuation and accents folded, so `Hello,` matches `hello`. */
export function foldToken(token: string): string {
  const known = folded.get(token)
  if (known !== undefined) return known
  const result = token
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '')
  if (folded.size >= FOLDED_KEPT) folded.clear()
  folded.set(token, result)
  return result
}

// Words may be missing from the text or the text may hold words the aligner skipped; a small window keeps
// a lost word from swallowing the rest of the segment.
const LOOKAHEAD = 8

/**
 * Which timed word each token of `text` is: a greedy in-order match of folded forms, so the result is
 * the word times for the tokens that have one (null for the others). Linear in the segment's length.
 */
export function alignWords(tokens: readonly string[], words: readonly TimedWord[]): (TimedWord | null)[] {
  const result: (TimedWord | null)[] = tokens.map(() => null)
  let t = 0
  for (const word of words) {
    const folded = foldToken(word.text)
    for (let k = t; k < Math.min(tokens.length, t + LOOKAHEAD); k++) {
      if (foldToken(tokens[k] ?? '') === folded) {
        result[k] = word
        t = k + 1
        break
      }
    }
  }
  return result
}

// Above this many cells the quadratic match is not worth it; such texts are re-typed wholesale anyway.
const MAX_LCS_CELLS = 4_000_000

/**
 * After the editor changes a segment's text: the timed words of the new text, each token that still
 * matches a word of the old text (longest common subsequence of folded tokens) keeping that word's
 * times with its new spelling; tokens without a match get no time.
 */
export function keepWordTimes(oldTokens: readonly (TimedWord | null)[], newText: string): TimedWord[] {
  const next = tokensOf(newText)
  const old = oldTokens.filter((w): w is TimedWord => w !== null)
  if (old.length === 0 || next.length === 0) return []
  if (old.length * next.length > MAX_LCS_CELLS)
    return alignWords(next, old).flatMap((w, i) => (w ? [{ ...w, text: next[i] ?? w.text }] : []))
  const a = old.map((w) => foldToken(w.text))
  const b = next.map(foldToken)
  const cols = b.length + 1
  const table = new Uint32Array((a.length + 1) * cols)
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      table[i * cols + j] =
        a[i] === b[j] && a[i] !== ''
          ? (table[(i + 1) * cols + j + 1] ?? 0) + 1
          : Math.max(table[(i + 1) * cols + j] ?? 0, table[i * cols + j + 1] ?? 0)
  const kept: TimedWord[] = []
  let i = 0
  let j = 0
  while (i < a.length && j < b.length) {
    if (a[i] === b[j] && a[i] !== '') {
      const word = old[i] as TimedWord
      kept.push({ start: word.start, end: word.end, text: next[j] ?? word.text })
      i++
      j++
    } else if ((table[(i + 1) * cols + j] ?? 0) >= (table[i * cols + j + 1] ?? 0)) i++
    else j++
  }
  return kept
}
