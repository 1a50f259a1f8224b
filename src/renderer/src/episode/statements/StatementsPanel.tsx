import { FlexRender, useTable, type HeaderGroup, type Row, type SortingState } from '@tanstack/react-table'
import { useVirtualizer } from '@tanstack/react-virtual'
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import type { EditorPanelProps } from '../editorPanelProps'
import {
  FILTERED_COLUMNS,
  savedFieldText,
  statementColumns,
  statementFeatures,
  type StatementPatch,
  type StatementsTableMeta,
} from './statementColumns'
import { statementRows, type StatementRow } from './statementRows'

type TableRow = Row<typeof statementFeatures, StatementRow>
type TableHeaderGroup = HeaderGroup<typeof statementFeatures, StatementRow>

/**
 * The height of a row that is not being edited: its text is clamped to it, so every such row is exactly
 * this tall and the virtualizer's estimate is its size. A row being edited grows to show all of it.
 */
const ROW_HEIGHT = 56

// Module-level, so that the table's and the virtualizer's options stay the same from one render to the next.
const INITIAL_STATE = { sorting: [{ id: 'start', desc: false }] }
const rowId = (row: StatementRow): string => row.id
const searched = (column: { id: string }): boolean => FILTERED_COLUMNS.includes(column.id)
const estimateSize = (): number => ROW_HEIGHT

/** True when a field of the row holds text that is not saved: a draft, one refused, or one being saved. */
function holdsDraft(element: HTMLElement, statement: StatementRow): boolean {
  return Object.entries(savedFieldText(statement)).some(([label, text]) => {
    const field = element.querySelector(`[aria-label="${label}"]`)
    return (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) && field.value !== text
  })
}

/** Where in its text a press at (x, y) landed, for the caret of the field that takes its place. */
function caretAt(element: Element, x: number, y: number): number | null {
  if (typeof document.caretPositionFromPoint !== 'function') return null
  const position = document.caretPositionFromPoint(x, y)
  if (!position || position.offsetNode.nodeType !== Node.TEXT_NODE) return null
  return element.contains(position.offsetNode) ? position.offset : null
}

/** A press on a field shown as text: which field, and where in it. */
interface Press {
  label: string
  caret: number | null
}

/**
 * One row; memoized on its statement, so the playhead ticking, the table scrolling and edits to other
 * statements do not draw it again. It shows its fields as text (see `StatementColumnMeta.read`) unless it
 * is being edited: selected, or with the focus in it, or holding text not yet saved.
 */
const StatementTableRow = memo(
  function StatementTableRow(props: {
    row: TableRow
    index: number
    top: number
    selected: boolean
    /** Only compared: the cells read it from the table, so the row draws again when it changes. */
    meta: StatementsTableMeta
    measureRef: (element: Element | null) => void
    onPick: (statement: StatementRow, seek: boolean) => void
  }): React.JSX.Element {
    const { row, index, top, selected, measureRef, onPick } = props
    const statement = row.original
    const [entered, setEntered] = useState(false)
    const editing = selected || entered
    const element = useRef<HTMLTableRowElement | null>(null)
    const press = useRef<Press | null>(null)
    // The field to focus once the row shows its fields, when the editor went for it as text.
    const opening = useRef<(Press & { pointer: boolean }) | null>(null)

    const ref = useCallback(
      (node: HTMLTableRowElement | null) => {
        element.current = node
        measureRef(node)
      },
      [measureRef],
    )

    useLayoutEffect(() => {
      const want = opening.current
      const tr = element.current
      if (!editing || !want || !tr) return
      opening.current = null
      const field = tr.querySelector(`[aria-label="${want.label}"]`)
      if (!(field instanceof HTMLElement)) return
      // The caret where the press was, set first so that focusing scrolls the field's text to it.
      if ((field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) && want.caret !== null)
        field.setSelectionRange(want.caret, want.caret)
      field.focus()
      if (field instanceof HTMLSelectElement && want.pointer) {
        try {
          field.showPicker()
        } catch {
          // Not every engine opens a select from script; the focused select opens with the next press.
        }
      }
    }, [editing])

    // Back to text once the editor has left the row and what they typed is saved.
    const settle = useCallback(() => {
      const tr = element.current
      if (!tr || tr.contains(document.activeElement) || holdsDraft(tr, statement)) return
      setEntered(false)
    }, [statement])
    useEffect(() => {
      if (!entered) return
      // An edit saved while the editor was elsewhere comes back as a new statement.
      const frame = requestAnimationFrame(settle)
      return () => cancelAnimationFrame(frame)
    }, [entered, settle])

    const fieldText = (target: EventTarget): HTMLElement | null =>
      target instanceof Element ? target.closest<HTMLElement>('[data-field]') : null
    return (
      <tr
        ref={ref}
        data-index={index}
        data-statement={statement.id}
        aria-rowindex={index + 2}
        aria-selected={selected}
        className={
          [selected ? 'selected' : '', editing ? 'editing' : ''].filter(Boolean).join(' ') || undefined
        }
        style={{ transform: `translateY(${top}px)`, height: editing ? undefined : ROW_HEIGHT }}
        onPointerDown={(e) => {
          const text = fieldText(e.target)
          press.current = text
            ? { label: text.dataset.field ?? '', caret: caretAt(text, e.clientX, e.clientY) }
            : null
        }}
        // A click on the row's own text plays the statement; one in a field only picks it.
        onClick={(e) => {
          const inField =
            press.current !== null ||
            (e.target as Element).closest('input, textarea, select, button') !== null
          press.current = null
          onPick(statement, !inField)
        }}
        onFocus={(e) => {
          const text = fieldText(e.target)
          if (text) {
            const label = text.dataset.field ?? ''
            const pressed = press.current?.label === label ? press.current : null
            opening.current = { label, caret: pressed?.caret ?? null, pointer: pressed !== null }
          }
          setEntered(true)
          onPick(statement, false)
        }}
        onBlur={(e) => {
          if (e.relatedTarget instanceof Node && e.currentTarget.contains(e.relatedTarget)) return
          requestAnimationFrame(settle)
        }}
      >
        {row.getAllCells().map((cell) => {
          const read = editing ? undefined : cell.column.columnDef.meta?.read
          return (
            <td key={cell.id} className={`col-${cell.column.id}`}>
              {read ? read(statement) : <FlexRender cell={cell} />}
            </td>
          )
        })}
      </tr>
    )
  },
  // The table makes new row objects on every change of its data; the statement says whether this one changed.
  (a, b) =>
    a.row.original === b.row.original &&
    a.index === b.index &&
    a.top === b.top &&
    a.selected === b.selected &&
    a.meta === b.meta &&
    a.measureRef === b.measureRef &&
    a.onPick === b.onPick,
)

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
        <p className="hint">
          No statements yet: drag across the waveform, press [ and ] at the playhead, or select words in the
          transcript.
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
