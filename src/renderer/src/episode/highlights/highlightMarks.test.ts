import { describe, expect, it } from 'vitest'
import { highlightMarks } from './highlightMarks'
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
})
