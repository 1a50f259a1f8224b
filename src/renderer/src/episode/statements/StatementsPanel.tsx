import { FlexRender, useTable, type HeaderGroup, type SortingState } from '@tanstack/react-table'
import { shortcutOf } from '../../commands/shortcuts'
import { useVirtualizer } from '@tanstack/react-virtual'
import { memo, useCallback, useEffect, useMemo, useRef } from 'react'
import type { EditorPanelProps } from '../editorPanelProps'
import {
  FILTERED_COLUMNS,
  statementColumns,
  statementFeatures,
  type StatementPatch,
  type StatementsTableMeta,
} from './statementColumns'
import { statementRows, type StatementRow } from './statementRows'

type TableHeaderGroup = HeaderGroup<typeof statementFeatures, StatementRow>

import { ROW_HEIGHT, StatementTableRow, type TableRow } from './StatementTableRow'

// Module-level, so that the table's and the virtualizer's options stay the same from one render to the next.
const INITIAL_STATE = { sorting: [{ id: 'start', desc: false }] }
const rowId = (row: StatementRow): string => row.id
const searched = (column: { id: string }): boolean => FILTERED_COLUMNS.includes(column.id)
const estimateSize = (): number => ROW_HEIGHT

/** The header row, sorting on a click; drawn again when the sorting changes, not on every scroll. */
const StatementsHeader = memo(function StatementsHeader(props: {
  groups: readonly TableHeaderGroup[]
  /** The table's sorting, which the headers show. */
  sorting: SortingState
}): React.JSX.Element {
  return (
    <thead>
      {props.groups.map((group) => (
        <tr key={group.id} aria-rowindex={1}>
          {group.headers.map((header) => {
            const sorted = header.column.getIsSorted()
            return (
              <th
                key={header.id}
                className={`col-${header.column.id}`}
                aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
              >
                {header.column.getCanSort() ? (
                  <button type="button" className="sort" onClick={header.column.getToggleSortingHandler()}>
                    <FlexRender header={header} />
                    {sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}
                  </button>
                ) : (
                  <FlexRender header={header} />
                )}
              </th>
            )
          })}
        </tr>
      ))}
    </thead>
  )
})

/**
 * The table and its scroller, virtualized: only the rows on screen (and a few beyond) exist, so a
 * thousand statements cost what twenty do. A scroll draws this again, not the panel around it.
 */
const StatementsTable = memo(function StatementsTable(props: {
  rows: readonly TableRow[]
  headerGroups: readonly TableHeaderGroup[]
  sorting: SortingState
  selectedId: string | null
  meta: StatementsTableMeta
  onPick: (statement: StatementRow, seek: boolean) => void
  onClear: () => void
  filter: string
}): React.JSX.Element {
  const { rows, selectedId, meta, onPick } = props
  const scroller = useRef<HTMLDivElement>(null)
  // The same function while the rows are, so the virtualizer does not lay all of them out again each render.
  const getItemKey = useCallback((index: number) => rows[index]?.id ?? index, [rows])
  // The app is not built with the React Compiler, so nothing memoizes around the virtualizer's functions.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize,
    getItemKey,
    overscan: 3,
  })

  // Scrolls to a statement picked elsewhere (the waveform, the problems list) once, not on every edit.
  const shownSelection = useRef<string | null>(null)
  useEffect(() => {
    if (selectedId === shownSelection.current) return
    const index = rows.findIndex((r) => r.id === selectedId)
    if (index < 0) return
    shownSelection.current = selectedId
    virtualizer.scrollToIndex(index, { align: 'auto' })
  }, [selectedId, rows, virtualizer])

  return (
    // A click on the table's empty space (not on a row) clears the selection.
    <div
      className="statements-scroller"
      ref={scroller}
      onClick={(e) => {
        if (!(e.target as Element).closest('tr')) props.onClear()
      }}
    >
      <table className="statements-table" aria-label="Statements" aria-rowcount={rows.length + 1}>
        <StatementsHeader groups={props.headerGroups} sorting={props.sorting} />
        <tbody style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index]
            if (!row) return null
            return (
              <StatementTableRow
                key={row.id}
                row={row}
                index={item.index}
                top={item.start}
                selected={row.id === selectedId}
                meta={meta}
                measureRef={virtualizer.measureElement}
                onPick={onPick}
              />
            )
          })}
        </tbody>
      </table>
      {rows.length === 0 && <p className="hint">No statement matches “{props.filter}”.</p>}
    </div>
  )
})

/**
 * The episode's statements as a table: sorted by a click on a header, filtered by the box, edited in
 * place (each field one edit), played from a click on a row.
 */
export function StatementsPanel(props: EditorPanelProps): React.JSX.Element {
  const { view, episodeId, edit, selection, select, seek } = props
  const selectedId = selection?.kind === 'statement' ? selection.id : null
  const data = useMemo(() => statementRows(view), [view])

  const meta: StatementsTableMeta = useMemo(
    () => ({
      participants: view.participants,
      update: async (statementId: string, patch: StatementPatch) =>
        (await edit('statements.update', { id: episodeId, statementId, patch })) !== null,
      remove: (statementId: string) => {
        const removed = edit('statements.delete', { id: episodeId, statementId })
        if (statementId === selectedId) select(null)
        return removed
      },
      confirmQuote: (statementId: string) => edit('statements.confirmQuote', { id: episodeId, statementId }),
    }),
    [view.participants, edit, episodeId, selectedId, select],
  )
  const table = useTable({
    features: statementFeatures,
    columns: statementColumns,
    data,
    meta,
    getRowId: rowId,
    initialState: INITIAL_STATE,
    enableSortingRemoval: false,
    globalFilterFn: 'includesString',
    getColumnCanGlobalFilter: searched,
  })
  const rows = table.getRowModel().rows

  const pick = useCallback(
    (statement: StatementRow, play: boolean) => {
      if (statement.id !== selectedId) select({ kind: 'statement', id: statement.id })
      if (play) seek(statement.start)
    },
    [select, seek, selectedId],
  )

  const filter = String(table.state.globalFilter ?? '')
  const clear = useCallback(() => select(null), [select])
  return (
    <div className="statements-panel">
      <div className="statements-toolbar">
        <input
          type="search"
          aria-label="Filter statements"
          placeholder="Filter by title, quote or speaker"
          value={filter}
          onChange={(e) => table.setGlobalFilter(e.target.value)}
        />
        <output aria-label="Statements shown">
          {filter ? `${rows.length} of ${data.length}` : `${data.length}`}
        </output>
      </div>
      {data.length === 0 ? (
        <p className="empty">
          No statements yet. Drag across the waveform, or press <kbd>{shortcutOf('statement.markStart')}</kbd>{' '}
          where a statement starts and <kbd>{shortcutOf('statement.markEnd')}</kbd> where it ends, or select
          its words in the transcript.
        </p>
      ) : (
        <StatementsTable
          rows={rows}
          headerGroups={table.getHeaderGroups()}
          sorting={table.state.sorting}
          selectedId={selectedId}
          meta={meta}
          onPick={pick}
          onClear={clear}
          filter={filter}
        />
      )}
    </div>
  )
}
