import type { EditableTable, Row } from '../history/tables'
import type { Db } from './openDatabase'

/**
 * Inserts rows that all have the columns of the first, with one compiled statement: episodes are
 * written tens of thousands of transcript words at a time.
 */
export function insertRows(db: Db, table: EditableTable | 'media', rows: readonly Row[]): void {
  const first = rows[0]
  if (!first) return
  const columns = Object.keys(first)
  const statement = db.prepare(
    `INSERT INTO ${table} (${columns.map((c) => `"${c}"`).join(', ')}) VALUES (${columns.map((c) => '@' + c).join(', ')})`,
  )
  for (const row of rows) statement.run(row)
}
