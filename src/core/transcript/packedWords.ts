import type { TimedWord } from '../../shared/transcriptTokens'

/*
 * A segment's timed words as the library stores them: one JSON array of [start, end, text] in the
 * segment's `words` column (migration 024), NULL for a segment without word times. A row per word cost
 * an hour-long episode 10,000 rows and their key index: a third of the file (1.79 MB an episode, now
 * 1.20) and a tenth of each load's or pull's write. JSON keeps every double exact both ways (SQLite's json_array and JSON.stringify alike).
 */

export const packWords = (words: readonly TimedWord[]): string | null =>
  words.length === 0 ? null : JSON.stringify(words.map((w) => [w.start, w.end, w.text]))

/** The words of a stored segment; a value this app did not write is an error naming the segment. */
export function unpackWords(packed: string | null, segmentId: string): TimedWord[] {
  if (packed === null) return []
  const parsed: unknown = JSON.parse(packed)
  if (!Array.isArray(parsed)) throw new Error(`transcript segment ${segmentId}: its words are not a list`)
  return parsed.map((entry: unknown, i) => {
    if (
      !Array.isArray(entry) ||
      typeof entry[0] !== 'number' ||
      typeof entry[1] !== 'number' ||
      typeof entry[2] !== 'string'
    )
      throw new Error(`transcript segment ${segmentId}: word ${i + 1} is not [start, end, text]`)
    return { start: entry[0], end: entry[1], text: entry[2] }
  })
}
