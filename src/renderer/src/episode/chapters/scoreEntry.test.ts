import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { typeScoreDigit, type ScoreEntry } from './scoreEntry'

const TEN = { max: 10 }

/** Types the digits one after the other, as fast as the cell allows, and lists the scores set. */
function typeAll(digits: string, scale = TEN): { set: number[]; waiting: string } {
  const set: number[] = []
  let typed = ''
  for (const digit of digits) {
    const entry: ScoreEntry = typeScoreDigit(typed, digit, scale)
    if (entry.kind === 'set') {
      set.push(entry.value)
      typed = ''
    } else typed = entry.typed
  }
  return { set, waiting: typed }
}

describe('typing a score on a 0-10 scale', () => {
  it('sets 2-9 and 0 at once', () => {
    for (const d of '023456789') expect(typeScoreDigit('', d, TEN)).toEqual({ kind: 'set', value: Number(d) })
  })

  it('lets 1 wait for a 0 that makes it 10', () => {
    expect(typeScoreDigit('', '1', TEN)).toEqual({ kind: 'wait', typed: '1' })
    expect(typeScoreDigit('1', '0', TEN)).toEqual({ kind: 'set', value: 10 })
  })

  it('starts over on a digit that would leave the scale', () => {
    expect(typeAll('11')).toEqual({ set: [], waiting: '1' })
    expect(typeAll('15')).toEqual({ set: [5], waiting: '' })
  })

  it('waits longer on a wider scale', () => {
    expect(typeAll('7', { max: 100 })).toEqual({ set: [], waiting: '7' })
    expect(typeAll('75', { max: 100 })).toEqual({ set: [75], waiting: '' })
    expect(typeAll('100', { max: 100 })).toEqual({ set: [100], waiting: '' })
  })

  it('never sets a score past the top of a scale that has every digit', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 12 }),
        fc.integer({ min: 9, max: 100 }),
        (ds, max) => {
          const { set, waiting } = typeAll(ds.join(''), { max })
          for (const v of [...set, ...(waiting ? [Number(waiting)] : [])]) expect(v).toBeLessThanOrEqual(max)
        },
      ),
    )
  })

  it('leaves a digit past a short scale to the core, which refuses it with the scale', () => {
    expect(typeScoreDigit('', '7', { max: 5 })).toEqual({ kind: 'set', value: 7 })
  })

  it('refuses what is not a digit', () => {
    expect(() => typeScoreDigit('', 'x', TEN)).toThrow(/not a digit/)
  })
})
