import { describe, expect, it } from 'vitest'
import type { TranscriptView } from '../../../../shared/contract'
import { snapEdgeToWords } from './playheadSnap'
import { snapTargets } from './spanSnapping'

// "we need some rest" at half a second a word, then a long pause, then "again".
const transcript: TranscriptView = {
  rev: 'r1',
  segments: [
    {
      id: 's1',
      start: 10,
      end: 11.9,
      speakerId: null,
      text: 'we need some rest',
      approximate: false,
      wordTimes: [
        [10, 10.4],
        [10.5, 10.9],
        [11, 11.4],
        [11.5, 11.9],
      ],
    },
    {
      id: 's2',
      start: 20,
      end: 20.6,
      speakerId: null,
      text: 'again',
      approximate: false,
      wordTimes: [[20, 20.6]],
    },
  ],
}
const targets = snapTargets(transcript)

describe('an edge set from the playhead', () => {
  it('inside a word takes the whole word: a start goes to its start, an end to its end', () => {
    // Inside "some" (11 to 11.4), as Shift+Right then `[` left it.
    expect(snapEdgeToWords(targets, 11.2, 'start')).toBe(11)
    expect(snapEdgeToWords(targets, 11.2, 'end')).toBe(11.4)
    expect(snapEdgeToWords(targets, 10, 'start')).toBe(10)
  })

  it('in a short pause goes to the nearest word on the span’s side', () => {
    expect(snapEdgeToWords(targets, 10.95, 'start')).toBe(11)
    expect(snapEdgeToWords(targets, 10.95, 'end')).toBe(10.9)
    // At a word's very end the word is over: an end stays there, a start goes on to the next word.
    expect(snapEdgeToWords(targets, 10.4, 'end')).toBe(10.4)
    expect(snapEdgeToWords(targets, 10.4, 'start')).toBe(10.5)
  })

  it('in a long pause stays where it was set, and so it does without a transcript', () => {
    expect(snapEdgeToWords(targets, 15, 'start')).toBe(15)
    expect(snapEdgeToWords(targets, 15, 'end')).toBe(15)
    expect(snapEdgeToWords(targets, 5, 'end')).toBe(5)
    expect(snapEdgeToWords(snapTargets(null), 11.2, 'start')).toBe(11.2)
  })

  it('inside a caption cue without word times stays where it was set, unless close to the cue’s edge', () => {
    // An SRT cue of 12 s: its inside is marked on purpose, not kept whole like a word.
    const captions = snapTargets({
      ...transcript,
      segments: [{ ...transcript.segments[0]!, start: 30, end: 42, wordTimes: [] }],
    })
    expect(snapEdgeToWords(captions, 35, 'start')).toBe(35)
    expect(snapEdgeToWords(captions, 35, 'end')).toBe(35)
    expect(snapEdgeToWords(captions, 30.3, 'start')).toBe(30)
    expect(snapEdgeToWords(captions, 41.8, 'end')).toBe(42)
  })
})
