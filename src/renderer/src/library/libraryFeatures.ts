import {
  columnFilteringFeature,
  columnVisibilityFeature,
  createFilteredRowModel,
  createSortedRowModel,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_basic,
  tableFeatures,
} from '@tanstack/react-table'
import { meets, parseNumberCondition } from './numberFilter'
import type { EpisodeActions } from './useEpisodeActions'

/*
 * What the library's table can do (sort, filter, show and hide columns) and how each filter reads a
 * cell; the columns themselves are libraryColumns.tsx.
 */

/** What the cells need from the library: how to open an episode, the row actions, the show link. */
export interface LibraryTableMeta {
  onOpen: (id: string) => void
  actions: EpisodeActions
  showLink: (show: string) => React.ReactNode
  /** The episodes (by id) whose rows are open to their analyses. */
  expanded: ReadonlySet<string>
  toggleAnalyses: (episode: string) => void
}

/** How a column is filtered: words it contains, a number condition, or one of a few values. */
export type FilterKind = 'text' | 'number' | 'choice'

export interface LibraryColumnMeta {
  filter?: FilterKind
  /** The unit a number filter reads in, said beside it (a length is filtered in minutes). */
  unit?: string
  /** The column's width in `ch`, from the longest text it holds (its header's and its cells'). */
  widthCh?: number
  numeric?: boolean
}

/** Contains, case and accents aside: "cafe" keeps "Café". */
const folded = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase()

/** What a filter reads of a row (written so, the filters need not name the features they are part of). */
export interface FilteredRow {
  getValue: (columnId: string) => unknown
}

const containsText = (row: FilteredRow, columnId: string, value: unknown): boolean =>
  folded(String(row.getValue(columnId) ?? '')).includes(folded(String(value)))

const meetsNumber = (row: FilteredRow, columnId: string, value: unknown): boolean => {
  const condition = parseNumberCondition(String(value))
  // Text that is no condition hides nothing: the box says what to type instead.
  if (!condition) return true
  const cell = row.getValue(columnId)
  return meets(typeof cell === 'number' ? cell : null, condition)
}

/** A length is filtered in minutes, as an editor thinks of one: ">60" is over an hour. */
const meetsMinutes = (row: FilteredRow, columnId: string, value: unknown): boolean => {
  const condition = parseNumberCondition(String(value))
  const seconds = row.getValue(columnId)
  return !condition || (typeof seconds === 'number' && meets(seconds / 60, condition))
}

const isChoice = (row: FilteredRow, columnId: string, value: unknown): boolean =>
  row.getValue(columnId) === value

export const libraryFeatures = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { basic: sortFn_basic, alphanumeric: sortFn_alphanumeric },
  columnFilteringFeature,
  filteredRowModel: createFilteredRowModel(),
  filterFns: { containsText, meetsNumber, meetsMinutes, isChoice },
  columnVisibilityFeature,
  tableMeta: {} as LibraryTableMeta,
  columnMeta: {} as LibraryColumnMeta,
})
