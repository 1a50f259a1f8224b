import type { RoleSeconds, ShowTrendEpisode, ShowTrends } from '../../../shared/contract'

/**
 * The most points a series draws. Past it, each point stands for a run of consecutive episodes (their
 * mean): 10,000 episodes drew 40,000 focusable circles, seconds of layout for a chart 720 wide.
 */
export const MOST_POINTS = 300

/** An episode's average on one dimension (or a run's mean), where the chart draws it. */
export interface TrendPoint {
  /** The point's place in time order (0 is the oldest). */
  index: number
  /** The episode it stands for: the first of its run, which a click opens. */
  episode: ShowTrendEpisode
  value: number
  /** How many episodes' averages it is the mean of (1 unless runs are drawn), and the last of them. */
  count: number
  last: ShowTrendEpisode
}

export interface TrendSeries {
  key: string
  label: string
  /** Only the episodes scored on the dimension: an empty list reads as "not scored". */
  points: TrendPoint[]
}

/** The chart's places in time order: each an episode, or a run of them past MOST_POINTS episodes. */
export function trendRuns(episodes: readonly ShowTrendEpisode[]): ShowTrendEpisode[][] {
  const size = Math.max(1, Math.ceil(episodes.length / MOST_POINTS))
  const runs: ShowTrendEpisode[][] = []
  for (let i = 0; i < episodes.length; i += size) runs.push(episodes.slice(i, i + size))
  return runs
}

/** One series per dimension of the show, most used first; a run not scored on it has no point. */
export function trendSeries(trends: ShowTrends, runs = trendRuns(trends.episodes)): TrendSeries[] {
  return trends.dimensions.map((d) => ({
    key: d.key,
    label: d.label,
    points: runs.flatMap((run, index) => {
      const scored = run.filter((e) => e.averages[d.key] !== undefined)
      const [first] = scored
      const last = scored[scored.length - 1]
      if (!first || !last) return []
      const value = scored.reduce((sum, e) => sum + (e.averages[d.key] ?? 0), 0) / scored.length
      return [{ index, episode: first, value, count: scored.length, last }]
    }),
  }))
}

/** What a point says to a screen reader and in its tooltip's first line. */
export const pointLabel = (point: TrendPoint, label: string): string =>
  point.count === 1
    ? `${point.episode.title || point.episode.id}, ${point.episode.date}: ${label} ${point.value.toFixed(1)}`
    : `${point.count} episodes, ${point.episode.date} to ${point.last.date}: ${label} ${point.value.toFixed(1)} on average`

/** Each role's share of the episode's speech, in whole percent; null when no speaker is known. */
export interface RoleShares {
  host: number
  guest: number
  other: number
}

export function roleShares(seconds: RoleSeconds): RoleShares | null {
  const spoken = seconds.hostSeconds + seconds.guestSeconds + seconds.otherSeconds
  if (!(spoken > 0)) return null
  const percent = (s: number): number => Math.round((s / spoken) * 100)
  return {
    host: percent(seconds.hostSeconds),
    guest: percent(seconds.guestSeconds),
    other: percent(seconds.otherSeconds),
  }
}

/** The widest count of a distribution, so its bars share one scale (at least 1: no division by zero). */
export const tallest = (bars: readonly { count: number }[]): number =>
  Math.max(1, ...bars.map((b) => b.count))
