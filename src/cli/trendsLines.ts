import type { ShowTrends } from '../shared/contract'
import { terminalField } from './terminalText'

/**
 * A show's trends for a terminal: a header naming each dimension by its label, then one line per
 * episode, oldest first: id, date, its average per dimension (`-` where it has none), tab-separated.
 */
export function trendsLines(trends: ShowTrends): string[] {
  return [
    ['id', 'date', ...trends.dimensions.map((d) => d.label)].map(terminalField).join('\t'),
    ...trends.episodes.map((e) =>
      [
        e.id,
        e.date,
        ...trends.dimensions.map((d) => {
          const average = e.averages[d.key]
          return average === undefined ? '-' : average.toFixed(1)
        }),
      ]
        .map(terminalField)
        .join('\t'),
    ),
  ]
}
