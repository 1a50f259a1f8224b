import type { TranscriptSegmentView, TranscriptView } from '../../../../shared/contract'
import { estimatedWordTimes } from '../../../../shared/estimatedWordTimes'
import { tokensOf } from '../../../../shared/transcriptTokens'

/** The transcript the episode screen holds, for the chips to say what was said at a moment. */
let segments: readonly TranscriptSegmentView[] = []

export function keepTranscript(transcript: TranscriptView | null): void {
  segments = transcript?.segments ?? []
}

/**
 * The first words said between `start` and `end` (each word's middle inside), as a chip names a cited
 * stretch; "" where the transcript has none. Untimed words are placed as the quote estimate places them.
 */
export function firstWordsAt(start: number, end: number, count = 5): string {
  const words: string[] = []
  for (const s of segments) {
    if (s.end <= start || s.start >= end) continue
    const estimated = s.wordTimes.every((t) => t !== null) ? [] : estimatedWordTimes(s)
    tokensOf(s.text).forEach((token, k) => {
      const timed = s.wordTimes[k]
      const guess = estimated[k]
      const at = timed ?? (guess ? [guess.start, guess.end] : null)
      if (!at) return
      const middle = (at[0] + at[1]) / 2
      if (middle >= start && middle < end) words.push(token)
    })
    if (words.length > count) break
  }
  return words.length > count ? `${words.slice(0, count).join(' ')}…` : words.join(' ')
}
