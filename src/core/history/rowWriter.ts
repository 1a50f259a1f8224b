import type { Db } from '../db/openDatabase'
import { statement } from '../db/statements'
import { EDITABLE_TABLES, type EditableTable, type Row } from './tables'

/** One row's state before and after an edit; `null` means the row did not exist. */
export interface RowChange {
  table: EditableTable
  key: Row
  before: Row | null
  after: Row | null
}

const quote = (name: string): string => {
  if (!/^[a-z_]+$/.test(name)) throw new Error(`bad column name ${name}`)
  return `"${name}"`
}

function keyOf(table: EditableTable, row: Row): Row {
  const key: Row = {}
  for (const column of EDITABLE_TABLES[table]) key[column] = row[column] ?? null
  return key
}

function where(table: EditableTable): string {
  return EDITABLE_TABLES[table].map((c) => `${quote(c)} = @${c}`).join(' AND ')
}

export function readRow(db: Db, table: EditableTable, key: Row): Row | null {
  return (statement(db, `SELECT * FROM ${table} WHERE ${where(table)}`).get(key) as Row | undefined) ?? null
}

/** Sets a row to the given state: inserts, replaces or deletes it. Answers how many rows SQLite wrote. */
export function writeRow(db: Db, table: EditableTable, key: Row, row: Row | null): number {
  if (row === null) return statement(db, `DELETE FROM ${table} WHERE ${where(table)}`).run(key).changes
  if (readRow(db, table, key) !== null) return replaceRow(db, table, key, row)
  const columns = Object.keys(row)
  return statement(
    db,
    `INSERT INTO ${table} (${columns.map(quote).join(', ')}) VALUES (${columns.map((c) => '@' + c).join(', ')})`,
  ).run(row).changes
}

/** Sets an existing row's columns to those of `row`. */
function replaceRow(db: Db, table: EditableTable, key: Row, row: Row): number {
  // The key stays as it is, and naming it in SET would make SQLite look for rows that refer to it in
  // every child table (forty thousand transcript words for an episode) as if it could have changed.
  const keyColumns: readonly string[] = EDITABLE_TABLES[table]
  const values = Object.keys(row).filter((c) => !keyColumns.includes(c))
  if (values.length === 0) return 0
  const sets = values.map((c) => `${quote(c)} = @${c}`).join(', ')
  return statement(db, `UPDATE ${table} SET ${sets} WHERE ${where(table)}`).run({ ...row, ...key }).changes
}

/** How many rows of each table a writer or a replay wrote, cascades left out. */
export type RowsWritten = Map<EditableTable, number>

export const countWritten = (written: RowsWritten, table: EditableTable, rows: number): void => {
  written.set(table, (written.get(table) ?? 0) + rows)
}

/**
 * What an edit uses to change rows: every change is recorded with the row before and after, which is
 * all undo and redo need. Deleting a row whose children cascade must delete the children first,
 * through this writer, so that they are recorded too.
 */
export class RowWriter {
  readonly changes: RowChange[] = []
  readonly written: RowsWritten = new Map()
  constructor(private readonly db: Db) {}

  insert(table: EditableTable, row: Row): void {
    const key = keyOf(table, row)
    countWritten(this.written, table, writeRow(this.db, table, key, row))
    this.changes.push({ table, key, before: null, after: readRow(this.db, table, key) })
  }

  update(table: EditableTable, key: Row, patch: Row): void {
    const before = readRow(this.db, table, key)
    if (!before) throw new Error(`${table} row ${JSON.stringify(key)} does not exist`)
    countWritten(this.written, table, replaceRow(this.db, table, key, { ...before, ...patch, ...key }))
    this.changes.push({ table, key, before, after: readRow(this.db, table, key) })
  }

  delete(table: EditableTable, key: Row): void {
    const before = readRow(this.db, table, key)
    if (!before) return
    countWritten(this.written, table, writeRow(this.db, table, key, null))
    this.changes.push({ table, key, before, after: null })
  }
}
