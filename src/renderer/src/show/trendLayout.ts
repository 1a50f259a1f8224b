import type { RoleSeconds, ShowTrendEpisode, ShowTrends } from '../../../shared/contract'

/** An episode's average on one dimension, where the chart draws it. */
export interface TrendPoint {
  /** The episode's place in time order (0 is the oldest). */
  index: number
  episode: ShowTrendEpisode
  value: number
}

export interface TrendSeries {
  key: string
  label: string
  /** Only the episodes scored on the dimension: an empty list reads as "not scored". */
  points: TrendPoint[]
}

/** One series per dimension of the show, most used first; episodes not scored on it have no point. */
export function trendSeries(trends: ShowTrends): TrendSeries[] {
  return trends.dimensions.map((d) => ({
    key: d.key,
    label: d.label,
    points: trends.episodes.flatMap((episode, index) => {
      const value = episode.averages[d.key]
      return value === undefined ? [] : [{ index, episode, value }]
    }),
  }))
}

/** What a point says to a screen reader and in its tooltip's first line. */
export const pointLabel = (point: TrendPoint, label: string): string =>
  `${point.episode.title || point.episode.id}, ${point.episode.date}: ${label} ${point.value.toFixed(1)}`

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
