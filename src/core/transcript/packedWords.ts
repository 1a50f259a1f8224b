import type { TimedWord } from '../../shared/transcriptTokens'

/*
 * A segment's timed words as the library stores them: one JSON array in the segment's `words` column,
 * NULL for a segment without word times. A row per word cost an hour-long episode 10,000 rows and their
 * key index (migration 024: a third of the file). Since migration 025 the times are whole milliseconds
 * (the episode format's times have at most 3 decimals): the first word's start, then each word's
 * length and the gap before the next, then the texts, `[1234560, 300, 40, 280, "So", "we"]`,
 * under two thirds the size of `[[1234.56, 1234.86, "So"], …]`, which is still read (libraries not yet converted) and
 * still written for a time finer than a millisecond, so every double comes back exact.
 */

const millis = (seconds: number): number | null => {
  const ms = Math.round(seconds * 1000)
  return ms / 1000 === seconds ? ms : null
}

/** Each word's start and end in whole milliseconds, or null when a time is finer than that. */
function inMilliseconds(words: readonly TimedWord[]): number[] | null {
  const times: number[] = []
  for (const w of words) {
    const start = millis(w.start)
    const end = millis(w.end)
    if (start === null || end === null) return null
    times.push(start, end)
  }
  return times
}

export function packWords(words: readonly TimedWord[]): string | null {
  if (words.length === 0) return null
  const times = inMilliseconds(words)
  if (times === null) return JSON.stringify(words.map((w) => [w.start, w.end, w.text]))
  // Differences from the time before: short numbers, and exact, since they are whole.
  const steps = times.map((t, i) => (i === 0 ? t : t - (times[i - 1] as number)))
  return JSON.stringify([...steps, ...words.map((w) => w.text)])
}

/** Whether a stored value is in the form before migration 025 (a list of [start, end, text]). */
export const isSecondsForm = (packed: string): boolean => packed.startsWith('[[')

/** The words of a stored segment; a value this app did not write is an error naming the segment. */
export function unpackWords(packed: string | null, segmentId: string): TimedWord[] {
  if (packed === null) return []
  const parsed: unknown = JSON.parse(packed)
  if (!Array.isArray(parsed)) throw new Error(`transcript segment ${segmentId}: its words are not a list`)
  if (Array.isArray(parsed[0])) return inSeconds(parsed, segmentId)
  const count = parsed.length / 3
  const wrong = (): never => {
    throw new Error(
      `transcript segment ${segmentId}: its words are not whole-millisecond times followed by their texts`,
    )
  }
  if (!Number.isInteger(count) || count === 0) wrong()
  const words: TimedWord[] = []
  let ms = 0
  for (let i = 0; i < count; i++) {
    const start = parsed[2 * i] as unknown
    const end = parsed[2 * i + 1] as unknown
    const text = parsed[2 * count + i] as unknown
    if (!Number.isInteger(start) || !Number.isInteger(end) || typeof text !== 'string') wrong()
    ms += start as number
    const startMs = ms
    ms += end as number
    words.push({ start: startMs / 1000, end: ms / 1000, text: text as string })
  }
  return words
}

function inSeconds(parsed: unknown[], segmentId: string): TimedWord[] {
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
