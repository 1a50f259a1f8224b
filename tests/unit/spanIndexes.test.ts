import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isSaidText } from '../../src/core/analysis/spanTranscript'
import { SpokenIndex, type SpokenTranscript } from '../../src/core/analysis/spokenIndex'
import { SpokenTokens } from '../../src/core/transcript/spokenTokens'
import { estimatedWordsInSpan } from '../../src/shared/estimatedWordTimes'
import { quoteMatches } from '../../src/shared/quoteCheck'
import type { TimedWord } from '../../src/shared/transcriptTokens'

/*
 * The indexes that read spans without scanning the whole transcript answer exactly what a plain scan
 * of every segment answers. The references below are that plain scan, as the app read spans before.
 */

function referenceSaid(
  t: SpokenTranscript,
  start: number,
  end: number,
): { text: string; speakerId: string | null } {
  const said: string[] = []
  const seconds = new Map<string, number>()
  for (const segment of t.segments) {
    const overlap = Math.min(end, segment.end) - Math.max(start, segment.start)
    if (overlap <= 0) continue
    if (segment.speaker_id) seconds.set(segment.speaker_id, (seconds.get(segment.speaker_id) ?? 0) + overlap)
    const timed = t.words.get(segment.id) ?? []
    if (timed.length === 0) said.push(...estimatedWordsInSpan(segment, start, end))
    else
      for (const w of timed) {
        const middle = (w.start + w.end) / 2
        if (middle >= start && middle <= end) said.push(w.text)
      }
  }
  let speakerId: string | null = null
  let longest = 0
  for (const [id, total] of seconds) if (total > longest) [speakerId, longest] = [id, total]
  return { text: said.join(' ').replace(/\s+/g, ' ').trim(), speakerId }
}

/** What the quote check compared a statement's quote with: every piece touching the span, ±0.5 s. */
function referenceSpoken(t: SpokenTranscript, start: number, end: number): string {
  const pieces: { start: number; end: number; text: string }[] = []
  for (const segment of t.segments) {
    const timed = t.words.get(segment.id)
    if (timed && timed.length > 0) pieces.push(...timed)
    else pieces.push({ start: segment.start, end: segment.end, text: segment.text })
  }
  pieces.sort((a, b) => a.start - b.start)
  return pieces
    .filter((p) => p.start <= end + 0.5 && p.end > start - 0.5)
    .map((p) => p.text)
    .join(' ')
}

const VOCABULARY = ['the', 'cat', 'sat', 'on', 'a', 'mat', 'Mat,', '—', "don't", 'dont', '猫']

const word = fc.constantFrom(...VOCABULARY)
const time = fc.integer({ min: 0, max: 400 }).map((n) => n / 4)

/** Segments sorted by start (as files and the database give them), some with word times, some without. */
const transcript: fc.Arbitrary<SpokenTranscript> = fc
  .array(
    fc.record({
      start: time,
      length: fc.integer({ min: 0, max: 40 }).map((n) => n / 4),
      speaker: fc.constantFrom('host', 'guest', null),
      words: fc.array(word, { maxLength: 6 }),
      timed: fc.boolean(),
    }),
    { maxLength: 30 },
  )
  .map((raw) => {
    const sorted = [...raw].sort((a, b) => a.start - b.start)
    const words = new Map<string, TimedWord[]>()
    const segments = sorted.map((r, i) => {
      const id = `s${i}`
      const end = r.start + r.length
      if (r.timed && r.words.length > 0) {
        const step = r.length / r.words.length
        words.set(
          id,
          r.words.map((text, k) => ({ start: r.start + k * step, end: r.start + (k + 1) * step, text })),
        )
      }
      return { id, start: r.start, end, speaker_id: r.speaker, text: r.words.join(' ') }
    })
    return { segments, words }
  })

const span = fc.tuple(time, time).map(([a, b]) => (a <= b ? [a, b] : [b, a]) as [number, number])

describe('reading a span through the index', () => {
  it('says what a scan of every segment says, with the same speaker', () => {
    fc.assert(
      fc.property(transcript, span, (t, [start, end]) => {
        expect(new SpokenIndex(t).saidInSpan(start, end)).toEqual(referenceSaid(t, start, end))
      }),
      { numRuns: 2000, seed: 38 },
    )
  })

  it('knows a quote filled from the span, and one that differs, as the plain comparison does', () => {
    fc.assert(
      fc.property(
        transcript,
        span,
        fc.array(word, { maxLength: 8 }),
        fc.boolean(),
        (t, [start, end], typed, same) => {
          const said = referenceSaid(t, start, end).text
          const quote = same ? said.toUpperCase() : typed.join(' ')
          expect(new SpokenIndex(t).says(quote, start, end)).toBe(isSaidText(quote, said))
        },
      ),
      { numRuns: 2000, seed: 39 },
    )
  })
})

describe('checking a quote through the index of where each word is said', () => {
  it('matches a quote exactly when the words of its span do', () => {
    fc.assert(
      fc.property(transcript, span, fc.array(word, { maxLength: 12 }), (t, [start, end], quoteWords) => {
        const quote = quoteWords.join(' ')
        const expected = quoteMatches(quote, referenceSpoken(t, start, end))
        // Threshold 0: always through the index; the default compares short spans as they are.
        expect(new SpokenTokens(t, 0).quoteMatches(quote, start, end)).toBe(expected)
        expect(new SpokenTokens(t).quoteMatches(quote, start, end)).toBe(expected)
      }),
      { numRuns: 3000, seed: 40 },
    )
  })

  it('matches quotes taken from the span, with words dropped and changed', () => {
    fc.assert(
      fc.property(transcript, span, fc.array(fc.nat(), { maxLength: 3 }), (t, [start, end], drops) => {
        const words = referenceSpoken(t, start, end).split(/\s+/).filter(Boolean)
        for (const d of drops) if (words.length > 0) words.splice(d % words.length, 1, 'zebra')
        const quote = words.join(' ')
        const expected = quoteMatches(quote, referenceSpoken(t, start, end))
        expect(new SpokenTokens(t, 0).quoteMatches(quote, start, end)).toBe(expected)
      }),
      { numRuns: 2000, seed: 41 },
    )
  })
})
