import type { Db } from '../db/openDatabase'
import type { TableVersions } from '../db/tableVersions'
import type { RowChange, RowsWritten } from './rowWriter'
import type { EditableTable, Row } from './tables'

/**
 * What the last edit, undo or redo made through a connection changed: each table's version before and
 * after it, and the keys of the rows it wrote. The editor's view uses it to read again only those rows
 * of a table with a thousand. It speaks only for the exact versions it saw: any other change to the
 * table, from this connection or another process, moves the version past what it covers.
 */
interface LastChange {
  versions: Map<string, { from: number; to: number }>
  keys: Map<EditableTable, Row[]>
}

const lastChange = new WeakMap<Db, LastChange>()

/** What an edit's transaction did, noted once it has committed. */
export interface EditDone {
  /** The table versions read inside the transaction, at its start and at its end. */
  before: TableVersions
  after: TableVersions
  /** The rows it changed. */
  changes: readonly RowChange[]
  /** How many rows of each table it wrote. */
  written: RowsWritten
}

export function noteChange(db: Db, { before, after, changes, written }: EditDone): void {
  // Inside a caller's transaction the edit is not committed yet, and may still be rolled back.
  if (db.inTransaction) {
    lastChange.delete(db)
    return
  }
  const versions = new Map<string, { from: number; to: number }>()
  for (const [name, to] of Object.entries(after)) {
    const from = before[name]
    // The triggers count one per row written: a table that counted more had rows changed that the edit
    // did not write itself (a cascade, a trigger), and is read whole.
    if (from !== undefined && from !== to && to - from === written.get(name as EditableTable))
      versions.set(name, { from, to })
  }
  const keys = new Map<EditableTable, Row[]>()
  for (const change of changes) {
    const known = keys.get(change.table)
    if (known) known.push(change.key)
    else keys.set(change.table, [change.key])
  }
  lastChange.set(db, { versions, keys })
}

/**
 * The keys of the rows of `table` that took it from version `from` to `to`, when one edit through this
 * connection made exactly that change; null when that cannot be told, and the table must be read whole.
 */
export function rowsChanged(db: Db, table: EditableTable, from: number, to: number): readonly Row[] | null {
  const last = lastChange.get(db)
  const versions = last?.versions.get(table)
  if (!last || !versions || versions.from !== from || versions.to !== to) return null
  return last.keys.get(table) ?? []
}
