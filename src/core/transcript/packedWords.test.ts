import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isSecondsForm, packWords, unpackWords } from './packedWords'

const word = fc.record({
  start: fc.double({ noNaN: true, noDefaultInfinity: true, min: 0, max: 1e6 }),
  end: fc.double({ noNaN: true, noDefaultInfinity: true, min: 0, max: 1e6 }),
  text: fc.string({ unit: 'grapheme' }),
})

describe('a segment’s words packed in it', () => {
  it('come back exactly as given, every double and any text, and none is stored as NULL', () => {
    fc.assert(
      fc.property(fc.array(word, { maxLength: 30 }), (words) => {
        const packed = packWords(words)
        if (words.length === 0) expect(packed).toBeNull()
        // -0 is written as 0, as JSON has it: a time is never negative.
        else
          expect(unpackWords(packed, 's1')).toEqual(
            words.map((w) => ({ ...w, start: w.start + 0, end: w.end + 0 })),
          )
      }),
    )
  })

  it('are whole milliseconds when every time is (two thirds the size or less), and come back as the same doubles', () => {
    const msWord = fc.record({
      start: fc.integer({ min: 0, max: 36_000_000 }).map((ms) => ms / 1000),
      end: fc.integer({ min: 0, max: 36_000_000 }).map((ms) => ms / 1000),
      text: fc.string({ unit: 'grapheme' }),
    })
    fc.assert(
      fc.property(fc.array(msWord, { minLength: 1, maxLength: 30 }), (words) => {
        const packed = packWords(words) as string
        expect(isSecondsForm(packed)).toBe(false)
        expect(unpackWords(packed, 's1')).toEqual(words)
      }),
    )
    const hour = Array.from({ length: 10 }, (_, k) => ({
      start: 3599 + k * 0.34,
      end: 3599.3 + k * 0.34,
      text: 'word',
    })).map((w) => ({ ...w, start: Math.round(w.start * 1000) / 1000, end: Math.round(w.end * 1000) / 1000 }))
    const before = JSON.stringify(hour.map((w) => [w.start, w.end, w.text]))
    expect((packWords(hour) as string).length).toBeLessThan(before.length * 0.65)
    // A time finer than a millisecond keeps the form that holds any double.
    expect(isSecondsForm(packWords([{ start: 1.0005, end: 2, text: 'a' }]) as string)).toBe(true)
  })

  it('are read in the form written before the library was converted', () => {
    expect(unpackWords('[[0.5,0.75,"So"],[1,1.25,"we"]]', 's1')).toEqual([
      { start: 0.5, end: 0.75, text: 'So' },
      { start: 1, end: 1.25, text: 'we' },
    ])
    expect(unpackWords('[500,250,250,250,"So","we"]', 's1')).toEqual([
      { start: 0.5, end: 0.75, text: 'So' },
      { start: 1, end: 1.25, text: 'we' },
    ])
  })

  it('refuse a stored value this app did not write, naming the segment and the word', () => {
    expect(() => unpackWords('{"start": 1}', 's7')).toThrow('transcript segment s7: its words are not a list')
    expect(() => unpackWords('[[0, 1, "a"], [2, "b"]]', 's7')).toThrow(
      'transcript segment s7: word 2 is not [start, end, text]',
    )
    for (const bad of ['[500, 250, "So", "we"]', '[500, 2.5, "So"]', '[500, 250, 7]', '[]'])
      expect(() => unpackWords(bad, 's7')).toThrow(
        'transcript segment s7: its words are not whole-millisecond times followed by their texts',
      )
  })
})
