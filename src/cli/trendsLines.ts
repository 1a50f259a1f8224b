import type { ShowTrends } from '../shared/contract'
import { terminalField } from './terminalText'

/**
 * A show's trends for a terminal: a header naming each dimension by its label, then one line per
 * episode, oldest first: the id of the analysis it counts through, the date, its average per dimension
 * (`-` where it has none), then the episode's id and the analysis's name, tab-separated (the two last,
 * so a script reading the first columns reads what it always did).
 */
export function trendsLines(trends: ShowTrends): string[] {
  return [
    ['id', 'date', ...trends.dimensions.map((d) => d.label), 'episode', 'counted']
      .map(terminalField)
      .join('\t'),
    ...trends.episodes.map((e) =>
      [
        e.id,
        e.date,
        ...trends.dimensions.map((d) => {
          const average = e.averages[d.key]
          return average === undefined ? '-' : average.toFixed(1)
        }),
        e.episode,
        e.counted.name,
      ]
        .map(terminalField)
        .join('\t'),
    ),
  ]
}
