import { describe, expect, it } from 'vitest'
import type { TranscriptSegmentView } from '../../../../shared/contract'
import { markedWords, mergedSpans } from './markedWords'

const segment = (id: string, words: [number, number][]): TranscriptSegmentView => ({
  id,
  start: words[0]?.[0] ?? 0,
  end: words.at(-1)?.[1] ?? 0,
  speakerId: null,
  text: words.map((_, i) => `w${i}`).join(' '),
  approximate: false,
  wordTimes: words,
})

describe('the words already inside a statement', () => {
  it('are those whose middle lies in a statement’s span', () => {
    const segments = [
      segment('s1', [
        [0, 1],
        [1, 2],
        [2, 3],
      ]),
      segment('s2', [
        [10, 11],
        [11, 12],
      ]),
    ]
    const marks = markedWords(segments, [{ start: 0.9, end: 2.6 }])
    expect(marks.get('s1')).toEqual([false, true, true])
    expect(marks.has('s2')).toBe(false)
  })

  it('merges overlapping statements and ignores empty ones', () => {
    expect(
      mergedSpans([
        { start: 5, end: 8 },
        { start: 1, end: 3 },
        { start: 2, end: 4 },
        { start: 9, end: 9 },
      ]),
    ).toEqual([
      { start: 1, end: 4 },
      { start: 5, end: 8 },
    ])
  })
})
