import type { Column } from '@tanstack/react-table'
import type { LibraryEpisodeRow } from './episodeRows'
import { REVIEW_STATUS_WORDS } from '../episode/ReviewStatusBadge'
import type { libraryFeatures } from './libraryColumns'
import { NUMBER_CONDITION_HINT, parseNumberCondition } from './numberFilter'

type LibraryColumn = Column<typeof libraryFeatures, LibraryEpisodeRow>

const headerText = (column: LibraryColumn): string => {
  const header = column.columnDef.header
  return typeof header === 'string' ? header : column.id
}

/**
 * A column's filter, under its header: words for a text column, a condition for a number (">=5",
 * "3-7"), one of the statuses for the review. Text that is no condition is marked and explained, and
 * hides nothing.
 */
export function LibraryFilter({ column }: { column: LibraryColumn }): React.JSX.Element | null {
  const kind = column.columnDef.meta?.filter
  if (!kind) return null
  const label = `Filter ${headerText(column)}`
  const value = String(column.getFilterValue() ?? '')
  const set = (text: string): void => column.setFilterValue(text === '' ? undefined : text)
  if (kind === 'choice')
    return (
      <select aria-label={label} value={value} onChange={(e) => set(e.target.value)}>
        <option value="">Any</option>
        {Object.values(REVIEW_STATUS_WORDS).map((words) => (
          <option key={words}>{words}</option>
        ))}
      </select>
    )
  const unit = column.columnDef.meta?.unit
  const wrong = kind === 'number' && parseNumberCondition(value) === undefined
  return (
    <input
      type="search"
      aria-label={unit ? `${label} (${unit === 'min' ? 'minutes' : unit})` : label}
      placeholder={kind === 'number' ? (unit ? `${unit}, >60` : '>=5') : 'Filter'}
      value={value}
      aria-invalid={wrong || undefined}
      title={wrong ? NUMBER_CONDITION_HINT : undefined}
      onChange={(e) => set(e.target.value)}
    />
  )
}
