import {
  useTable,
  type ColumnFiltersState,
  type ColumnVisibilityState,
  type SortingState,
  type Updater,
} from '@tanstack/react-table'
import { useEffect, useMemo, useRef, useState } from 'react'
import type { LibraryDimension } from '../../../shared/contract'
import type { LibraryEpisodeRow } from './episodeRows'
import type { Preferences } from '../../../shared/preferences'
import { HIDDEN_AT_FIRST, libraryColumns, libraryFeatures, type LibraryTableMeta } from './libraryColumns'
import type { LibraryTable } from './EpisodesTable'
import { createScope } from '../scope'

type Kept = Preferences['libraryTable']

// An episode's row keeps its id while the analysis it counts through changes.
const rowId = (row: LibraryEpisodeRow): string => row.episode
const applied = <T>(updater: Updater<T>, now: T): T =>
  typeof updater === 'function' ? (updater as (old: T) => T)(now) : updater

/** How long typing in a filter waits before the table's state is kept: not a write per keystroke. */
const KEEP_AFTER_MS = 400

const visibilityOf = (kept: Kept): ColumnVisibilityState => ({
  ...Object.fromEntries(HIDDEN_AT_FIRST.map((id) => [id, false])),
  ...Object.fromEntries(kept.columns.map((c) => [c.id, c.shown])),
})

/**
 * The library table with its sort, filters and shown columns as the editor left them, kept with the
 * library's preferences so that they hold across restarts (and in the browser mode alike).
 */
export function useLibraryTable(props: {
  rows: LibraryEpisodeRow[]
  dimensions: readonly LibraryDimension[]
  meta: LibraryTableMeta
  kept: Kept
  keep: (changes: Partial<Preferences>) => void
}): LibraryTable {
  const { rows, dimensions, kept, keep } = props
  const [sorting, setSorting] = useState<SortingState>(kept.sorting)
  const [columnFilters, setFilters] = useState<ColumnFiltersState>(kept.filters)
  const [columnVisibility, setVisibility] = useState<ColumnVisibilityState>(() => visibilityOf(kept))
  const columns = useMemo(() => libraryColumns(rows, dimensions), [rows, dimensions])

  const first = useRef(true)
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    const scope = createScope()
    scope.timeout(() => {
      keep({
        libraryTable: {
          sorting: sorting.slice(0, 8),
          filters: columnFilters
            .filter((f) => typeof f.value === 'string')
            .map((f) => ({ id: f.id, value: String(f.value).slice(0, 200) }))
            .slice(0, 64),
          columns: Object.entries(columnVisibility)
            .map(([id, shown]) => ({ id, shown }))
            .slice(0, 256),
        },
      })
    }, KEEP_AFTER_MS)
    return scope.dispose
  }, [sorting, columnFilters, columnVisibility, keep])

  // A sort or filter kept for a column the library no longer has (a dimension no episode holds now)
  // waits, unused, for the column to come back.
  const shown = useMemo(() => {
    // A column named by its accessor's key has that key as its id.
    const ids = new Set(
      columns.map((c) => {
        const named = c as { id?: string; accessorKey?: string }
        return named.id ?? named.accessorKey
      }),
    )
    return {
      sorting: sorting.filter((s) => ids.has(s.id)),
      columnFilters: columnFilters.filter((f) => ids.has(f.id)),
    }
  }, [columns, sorting, columnFilters])

  return useTable({
    features: libraryFeatures,
    columns,
    data: rows,
    meta: props.meta,
    getRowId: rowId,
    state: { ...shown, columnVisibility },
    onSortingChange: (updater) => setSorting((now) => applied(updater, now)),
    onColumnFiltersChange: (updater) => setFilters((now) => applied(updater, now)),
    onColumnVisibilityChange: (updater) => setVisibility((now) => applied(updater, now)),
  })
}
