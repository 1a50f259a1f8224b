import { describe, expect, it } from 'vitest'
import { bySeverity, problemCountsInWords } from '../../src/shared/problemOrder'
import type { Severity } from '../../src/shared/problems'

const listed = (...severities: Severity[]): { severity: Severity; time: number }[] =>
  severities.map((severity, time) => ({ severity, time }))

describe('the Problems panel’s order and summary (issue 42)', () => {
  it('lists errors first, then warnings, then notes, each in the order of the media', () => {
    const problems = listed('note', 'note', 'warning', 'note', 'error', 'warning', 'error')
    expect(bySeverity(problems)).toEqual([
      { severity: 'error', time: 4 },
      { severity: 'error', time: 6 },
      { severity: 'warning', time: 2 },
      { severity: 'warning', time: 5 },
      { severity: 'note', time: 0 },
      { severity: 'note', time: 1 },
      { severity: 'note', time: 3 },
    ])
  })

  it('calls only errors something to fix; notes and warnings never block', () => {
    const twelveNotes = Array<Severity>(12).fill('note')
    expect(problemCountsInWords(listed(...twelveNotes, 'error'))).toBe(
      '1 error to fix before publishing; 12 notes do not block it.',
    )
    expect(problemCountsInWords(listed('error', 'error'))).toBe('2 errors to fix before publishing.')
    expect(problemCountsInWords(listed('error', 'warning'))).toBe(
      '1 error to fix before publishing; 1 warning does not block it.',
    )
    expect(problemCountsInWords(listed('note', 'warning', 'note'))).toBe(
      'Nothing blocks publishing; 1 warning and 2 notes to look at.',
    )
    expect(problemCountsInWords(listed(...twelveNotes))).not.toMatch(/fix/)
  })
})
