import { describe, expect, it } from 'vitest'
import { alphaReading, analysisNames, shareOf, unitSpreads } from './agreementReading'

describe('reading an agreement', () => {
  it('names analyses by reviewer, else by id, telling two passes of one reviewer apart', () => {
    expect(
      analysisNames([
        { source: 'machine', reviewer: null, origin: 'machine' },
        { source: 'ada-1', reviewer: 'Ada', origin: 'human' },
        { source: 'ada-2', reviewer: 'Ada', origin: 'human' },
        { source: 'bo', reviewer: 'Bo', origin: 'human' },
      ]),
    ).toEqual(['machine', 'Ada (ada-1)', 'Ada (ada-2)', 'Bo'])
  })

  it('names a library analysis as the library does, a file by its reviewer or path', () => {
    const known = new Map([
      ['machine', 'machine · original · 2025-05-10'],
      ['ada-1', 'machine, reviewed by Ada · original · 2025-05-11'],
    ])
    expect(
      analysisNames(
        [
          { source: 'machine', reviewer: null, origin: 'machine' },
          { source: 'ada-1', reviewer: 'Ada', origin: 'human' },
          { source: 'bo.json', reviewer: 'Bo', origin: 'human' },
        ],
        known,
      ),
    ).toEqual(['machine · original · 2025-05-10', 'machine, reviewed by Ada · original · 2025-05-11', 'Bo'])
  })

  it('measures each unit’s spread over the analyses that rated it', () => {
    expect(
      unitSpreads(
        [
          [2, 5, null, 1],
          [4, 5, 3, null],
          [3, null, null, null],
        ],
        4,
      ),
    ).toEqual([2, 0, null, null])
  })

  it('reads alpha in Krippendorff’s bands, and says why there is none', () => {
    expect(alphaReading(0.81234)).toEqual({ value: '0.812', band: 'reliable', words: 'reliable (≥ 0.800)' })
    expect(alphaReading(0.7).band).toBe('tentative')
    expect(alphaReading(-0.2).words).toBe('not reliable (< 0.667)')
    expect(alphaReading(null).band).toBeNull()
  })

  it('draws a score against its scale', () => {
    expect(shareOf(5, { min: 0, max: 10 })).toBe(0.5)
    expect(shareOf(12, { min: 0, max: 10 })).toBe(1)
  })
})
