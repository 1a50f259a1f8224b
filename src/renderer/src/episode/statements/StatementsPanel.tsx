import { FlexRender, useTable, type Row } from '@tanstack/react-table'
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

type TableRow = Row<typeof statementFeatures, StatementRow>

// Module-level, so that the table's options stay the same objects from one render to the next.
const INITIAL_STATE = { sorting: [{ id: 'start', desc: false }] }
const rowId = (row: StatementRow): string => row.id
const searched = (column: { id: string }): boolean => FILTERED_COLUMNS.includes(column.id)

/** One row; memoized, so the playhead ticking through the screen does not redraw the table. */
const StatementTableRow = memo(function StatementTableRow(props: {
  row: TableRow
  index: number
  top: number
  selected: boolean
  measureRef: (element: Element | null) => void
  onPick: (statement: StatementRow, seek: boolean) => void
}): React.JSX.Element {
  const { row, index, top, selected, measureRef, onPick } = props
  return (
    <tr
      ref={measureRef}
      data-index={index}
      data-statement={row.original.id}
      aria-selected={selected}
      className={selected ? 'selected' : undefined}
      style={{ transform: `translateY(${top}px)` }}
      // A click on the row's own text plays the statement; one in a field only picks it.
      onClick={(e) => onPick(row.original, !(e.target as Element).closest('input, textarea, select, button'))}
      onFocus={() => onPick(row.original, false)}
    >
      {row.getAllCells().map((cell) => (
        <td key={cell.id} className={`col-${cell.column.id}`}>
          <FlexRender cell={cell} />
        </td>
      ))}
    </tr>
  )
})

/**
 * The episode's statements as a table: sorted by a click on a header, filtered by the box, edited in
 * place (each field one edit), played from a click on a row. Only the rows on screen exist, so a
 * thousand statements cost what twenty do.
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
        void edit('statements.delete', { id: episodeId, statementId })
        if (statementId === selectedId) select(null)
      },
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

  const scroller = useRef<HTMLDivElement>(null)
  // The app is not built with the React Compiler, so nothing memoizes around the virtualizer's functions.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 58,
    getItemKey: (index) => rows[index]?.id ?? index,
    overscan: 6,
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

  const pick = useCallback(
    (statement: StatementRow, play: boolean) => {
      if (statement.id !== selectedId) select({ kind: 'statement', id: statement.id })
      if (play) seek(statement.start)
    },
    [select, seek, selectedId],
  )

  const filter = String(table.state.globalFilter ?? '')
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
        <p className="hint">
          No statements yet: drag across the waveform, press [ and ] at the playhead, or select words in the
          transcript.
        </p>
      ) : (
        <div className="statements-scroller" ref={scroller}>
          <table className="statements-table" aria-label="Statements" aria-rowcount={rows.length}>
            <thead>
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => {
                    const sorted = header.column.getIsSorted()
                    return (
                      <th
                        key={header.id}
                        className={`col-${header.column.id}`}
                        aria-sort={
                          sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined
                        }
                      >
                        {header.column.getCanSort() ? (
                          <button
                            type="button"
                            className="sort"
                            onClick={header.column.getToggleSortingHandler()}
                          >
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
                    measureRef={virtualizer.measureElement}
                    onPick={pick}
                  />
                )
              })}
            </tbody>
          </table>
          {rows.length === 0 && <p className="hint">No statement matches “{filter}”.</p>}
        </div>
      )}
    </div>
  )
}
