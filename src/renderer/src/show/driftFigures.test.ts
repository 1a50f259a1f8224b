import { describe, expect, it } from 'vitest'
import type { DriftReport } from '../../../shared/contract/deskWork'
import { monthly, monthsOf, reach, scored, whoName } from './driftFigures'

const figure = (who: string, month: string | null, n: number, mean: number | null) => ({
  who,
  dimension: 'rigor',
  month,
  n,
  mean,
  low: mean,
  high: mean,
})

const report: DriftReport = {
  show: 'Latent Space',
  since: null,
  people: ['alice', 'carol', 'machine'],
  dimensions: ['rigor'],
  figures: [
    figure('alice', null, 6, 0.8),
    figure('alice', '2026-02', 3, 1.3),
    figure('alice', '2026-01', 3, 0.3),
    figure('carol', null, 0, null),
    figure('machine', null, 6, -0.2),
  ],
}

describe('the drift section’s figures', () => {
  it('say who is scored yet, and name the machine', () => {
    expect(scored(report, 'alice')).toBe(true)
    expect(scored(report, 'carol')).toBe(false)
    expect(whoName('machine')).toBe('The machine')
    expect(whoName('carol')).toBe('Carol')
  })

  it('give a person’s line month by month, oldest first, and an axis that holds every lean', () => {
    expect(monthsOf(report)).toEqual(['2026-01', '2026-02'])
    expect([...monthly(report, 'alice', 'rigor')]).toEqual([
      ['2026-02', 1.3],
      ['2026-01', 0.3],
    ])
    expect(reach(report, 'rigor')).toBe(1.5)
    expect(reach({ ...report, figures: [] }, 'rigor')).toBe(0.5)
  })
})
