import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { firstIndex } from './firstIndex'

describe('the one binary search', () => {
  it('finds the first item at or after a value in any sorted list, as a scan does', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -50, max: 50 })),
        fc.integer({ min: -60, max: 60 }),
        (raw, value) => {
          const sorted = [...raw].sort((a, b) => a - b)
          const scanned = sorted.findIndex((x) => x >= value)
          expect(firstIndex(sorted.length, (i) => (sorted[i] ?? 0) < value)).toBe(
            scanned === -1 ? sorted.length : scanned,
          )
        },
      ),
      { numRuns: 2000, seed: 7 },
    )
  })
})
