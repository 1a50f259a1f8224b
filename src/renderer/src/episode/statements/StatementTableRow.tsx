import { FlexRender, type Row } from '@tanstack/react-table'
import { memo, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { savedFieldText, type statementFeatures, type StatementsTableMeta } from './statementColumns'
import type { StatementRow } from './statementRows'
import { createScope, useScope } from '../../scope'

export type TableRow = Row<typeof statementFeatures, StatementRow>

/**
 * The height of a row that is not being edited: its text is clamped to it, so every such row is exactly
 * this tall and the virtualizer's estimate is its size. A row being edited grows to show all of it.
 */
export const ROW_HEIGHT = 56

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
export const StatementTableRow = memo(
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
    const scope = useScope()
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
      const pending = createScope()
      pending.frame(settle)
      return pending.dispose
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
          scope.frame(settle)
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
