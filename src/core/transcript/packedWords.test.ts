import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { packWords, unpackWords } from './packedWords'

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

  it('refuse a stored value this app did not write, naming the segment and the word', () => {
    expect(() => unpackWords('{"start": 1}', 's7')).toThrow('transcript segment s7: its words are not a list')
    expect(() => unpackWords('[[0, 1, "a"], [2, "b"]]', 's7')).toThrow(
      'transcript segment s7: word 2 is not [start, end, text]',
    )
  })
})
