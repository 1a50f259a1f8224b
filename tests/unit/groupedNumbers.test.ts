import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { tooMany } from '../../src/shared/episodeLimits'
import { grouped, tooLong } from '../../src/shared/textLimits'

describe('numbers grouped by thousands without ICU', () => {
  it('writes every whole number as toLocaleString("en") does', () => {
    for (const n of [0, 7, 999, 1000, 20_000, 604_800, 1_000_000, 123_456_789])
      expect(grouped(n)).toBe(n.toLocaleString('en'))
    fc.assert(fc.property(fc.nat(), (n) => grouped(n) === n.toLocaleString('en')))
  })

  it('is what the refusals say', () => {
    expect(tooLong(20_000)).toBe('can be at most 20,000 characters')
    expect(tooMany(200_000, 'transcript words')).toBe('at most 200,000 transcript words in one episode')
  })
})
