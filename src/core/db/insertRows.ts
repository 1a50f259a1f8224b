import type { EditableTable, Row } from '../history/tables'
import type { Db } from './openDatabase'
import { recentStatement, statement } from './statements'

/**
 * Values bound by one statement: well under SQLite's limit (32,766), and small enough that a batch's
 * arguments are a passing array.
 */
const MAX_BOUND_VALUES = 16_000
const MAX_BATCH_ROWS = 1_000

/**
 * Inserts rows that all have the columns of the first, many rows a statement: episodes are written
 * hundreds of thousands of transcript segments and words at a time. One statement a row cost a
 * statement's setup each time and, on tables the search index follows, a flush of the full-text
 * index's pending terms at each statement's savepoint, which grew with the square of the rows (80,000
 * segments took 12 s; batched, 1.5 s).
 */
export function insertRows(db: Db, table: EditableTable | 'media', rows: readonly Row[]): void {
  const first = rows[0]
  if (!first) return
  const columns = Object.keys(first)
  const batch = Math.max(1, Math.min(MAX_BATCH_ROWS, Math.floor(MAX_BOUND_VALUES / columns.length)))
  const names = columns.map((c) => `"${c}"`).join(', ')
  const tuple = `(${columns.map(() => '?').join(', ')})`
  const sql = (count: number): string =>
    `INSERT INTO ${table} (${names}) VALUES ${Array.from({ length: count }, () => tuple).join(', ')}`
  for (let at = 0; at < rows.length; at += batch) {
    const part = rows.slice(at, at + batch)
    const values: unknown[] = []
    for (const row of part)
      for (const column of columns) {
        const value = row[column]
        // Bound by position, a missing column would be written as NULL instead of refused.
        if (value === undefined) throw new Error(`a row for ${table} has no ${column}`)
        values.push(value)
      }
    // A full batch's statement is the same every time; the last, shorter one is kept a while.
    ;(part.length === batch ? statement(db, sql(batch)) : recentStatement(db, sql(part.length))).run(values)
  }
}
