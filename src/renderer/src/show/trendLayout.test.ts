import { describe, expect, it } from 'vitest'
import type { ShowTrendEpisode, ShowTrends } from '../../../shared/contract'
import { MOST_POINTS, pointLabel, trendRuns, trendSeries } from './trendLayout'

const episode = (n: number, average: number | undefined): ShowTrendEpisode => ({
  id: `ep-${n}`,
  title: `Episode ${n}`,
  date: `2020-01-${String((n % 28) + 1).padStart(2, '0')}`,
  dateFrom: 'published',
  publishedOn: null,
  durationSeconds: 3600,
  averages: average === undefined ? {} : { rigor: average },
  speaking: { hostSeconds: 0, guestSeconds: 0, otherSeconds: 0 },
  episode: `ep-${n}`,
  analysisCount: 1,
  counted: { name: 'machine', because: 'machine', text: 'the machine’s' },
})

const trendsOf = (episodes: ShowTrendEpisode[]): ShowTrends => ({
  show: 'A show',
  choice: 'rule',
  reviewers: [],
  dimensions: [{ key: 'rigor', label: 'Rigor', episodeCount: episodes.length }],
  scale: { min: 0, max: 10 },
  episodes,
  distribution: {},
})

describe('the trend chart’s points', () => {
  it('is an episode each up to MOST_POINTS episodes', () => {
    const episodes = Array.from({ length: MOST_POINTS }, (_, i) => episode(i, i % 11))
    const [series] = trendSeries(trendsOf(episodes))
    expect(series?.points).toHaveLength(MOST_POINTS)
    expect(series?.points.every((p) => p.count === 1 && p.last === p.episode)).toBe(true)
    expect(pointLabel(series?.points[3] as never, 'Rigor')).toBe('Episode 3, 2020-01-04: Rigor 3.0')
  })

  it('past it, is the mean of a run of consecutive episodes, never more than MOST_POINTS, every episode in one run', () => {
    const count = MOST_POINTS * 10 + 7
    // Every third episode not scored: a run's mean is of its scored episodes only.
    const episodes = Array.from({ length: count }, (_, i) =>
      episode(i, i % 3 === 0 ? undefined : i % 2 === 0 ? 4 : 8),
    )
    const runs = trendRuns(episodes)
    expect(runs.length).toBeLessThanOrEqual(MOST_POINTS)
    expect(runs.flat()).toEqual(episodes)
    const [series] = trendSeries(trendsOf(episodes))
    const points = series?.points ?? []
    expect(points.length).toBe(runs.length)
    const first = points[0]
    const scoredInFirst = (runs[0] ?? []).filter((e) => e.averages.rigor !== undefined)
    expect(first?.count).toBe(scoredInFirst.length)
    expect(first?.episode).toBe(scoredInFirst[0])
    expect(first?.last).toBe(scoredInFirst[scoredInFirst.length - 1])
    const mean = scoredInFirst.reduce((s, e) => s + (e.averages.rigor ?? 0), 0) / scoredInFirst.length
    expect(first?.value).toBeCloseTo(mean)
    expect(pointLabel(first as never, 'Rigor')).toMatch(
      /^\d+ episodes, 2020-01-\d\d to 2020-01-\d\d: Rigor \d\.\d on average$/,
    )
  })
})
