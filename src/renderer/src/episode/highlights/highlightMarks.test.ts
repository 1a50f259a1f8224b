import { describe, expect, it } from 'vitest'
import { flagAt, highlightMarks } from './highlightMarks'
import type { HighlightView } from '../../../../shared/contract'
import { SEED_DIMENSIONS } from '../../../../shared/rubric'

const highlight = (id: string, dimension: string, time: number, title = ''): HighlightView => ({
  id,
  dimension,
  time,
  title,
  description: '',
  origin: 'human',
  status: 'accepted',
})

const FLAG = { top: 18, height: 15, grabPx: 60 }

describe('highlights as the waveform flags them', () => {
  const marks = highlightMarks(
    [
      highlight('b', 'guestTeaching', 30),
      highlight('a', 'guestDisagreement', 10, 'The argument'),
      highlight('c', 'gone', 12, 'Kept by its title'),
    ],
    SEED_DIMENSIONS,
    'a',
  )

  it('are in time order, named as the published page names them, the selected one marked', () => {
    const label = (key: string): string | undefined =>
      SEED_DIMENSIONS.find((d) => d.key === key)?.highlightLabel
    expect(marks.map((m) => [m.id, m.time, m.label, m.selected])).toEqual([
      ['a', 10, label('guestDisagreement'), true],
      ['c', 12, 'Kept by its title', false],
      ['b', 30, label('guestTeaching'), false],
    ])
  })

  it('are pressed on their flag, the later one where two overlap, and nowhere else', () => {
    const y = FLAG.top + 5
    const pxPerSec = 10
    expect(flagAt(marks, 10.5, y, pxPerSec, FLAG)?.id).toBe('a')
    // 12.5 s is on both flags (5 px into c's, 25 px into a's): c is drawn over a.
    expect(flagAt(marks, 12.5, y, pxPerSec, FLAG)?.id).toBe('c')
    expect(flagAt(marks, 30 + FLAG.grabPx / pxPerSec + 1, y, pxPerSec, FLAG)).toBeNull()
    expect(flagAt(marks, 9, y, pxPerSec, FLAG)).toBeNull()
    expect(flagAt(marks, 10.5, FLAG.top - 1, pxPerSec, FLAG)).toBeNull()
    expect(flagAt(marks, 10.5, FLAG.top + FLAG.height + 1, pxPerSec, FLAG)).toBeNull()
  })
})
