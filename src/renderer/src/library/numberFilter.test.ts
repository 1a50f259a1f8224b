import { describe, expect, it } from 'vitest'
import { meets, parseNumberCondition } from './numberFilter'

const keeps = (typed: string, values: number[]): number[] => {
  const condition = parseNumberCondition(typed)
  if (!condition) throw new Error(`${typed} is not a condition`)
  return values.filter((v) => meets(v, condition))
}

const SCORES = [0, 2.5, 4.9, 5, 5.04, 6, 7.5, 10]

describe('a numeric column filter as an editor types it', () => {
  it('reads bounds, with and without their edge', () => {
    expect(keeps('>=5', SCORES)).toEqual([5, 5.04, 6, 7.5, 10])
    expect(keeps('≥ 5', SCORES)).toEqual([5, 5.04, 6, 7.5, 10])
    expect(keeps('>5', SCORES)).toEqual([5.04, 6, 7.5, 10])
    expect(keeps('<5', SCORES)).toEqual([0, 2.5, 4.9])
    expect(keeps('<=2.5', SCORES)).toEqual([0, 2.5])
  })

  it('reads a range both ways round, and a decimal comma', () => {
    expect(keeps('4-6', SCORES)).toEqual([4.9, 5, 5.04, 6])
    expect(keeps('6–4', SCORES)).toEqual([4.9, 5, 5.04, 6])
    expect(keeps('2,5', SCORES)).toEqual([2.5])
  })

  it('takes a bare number as the value shown with one decimal', () => {
    expect(keeps('5', SCORES)).toEqual([5, 5.04])
  })

  it('says when the text is no condition, and keeps nothing missing', () => {
    expect(parseNumberCondition('')).toBeNull()
    expect(parseNumberCondition('  ')).toBeNull()
    expect(parseNumberCondition('high')).toBeUndefined()
    expect(parseNumberCondition('>')).toBeUndefined()
    expect(parseNumberCondition('1-2-3')).toBeUndefined()
    const any = parseNumberCondition('>=0')
    expect(any && meets(null, any)).toBe(false)
    expect(any && meets(undefined, any)).toBe(false)
  })
})
