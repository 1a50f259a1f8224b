import type { Db } from '../db/openDatabase'
import { applyEdit, type Amends, type Edit } from '../history/editHistory'
import { readRow, type RowWriter } from '../history/rowWriter'
import type { Row } from '../history/tables'

const changed = (before: Row | null, after: Row | null): boolean =>
  JSON.stringify(before) !== JSON.stringify(after)

/**
 * One undoable edit of an episode's analysis. The episode's `updated_at` (the export's
 * `review.updatedAt`) moves only when something really changed, so a no-op stays out of the history.
 */
export function analysisEdit(db: Db, episodeId: string, label: string, edit: Edit, amends?: Amends): void {
  applyEdit(
    db,
    episodeId,
    label,
    (w) => {
      edit(w)
      if (w.changes.some((c) => changed(c.before, c.after)))
        w.update('episodes', { id: episodeId }, { updated_at: new Date().toISOString() })
    },
    amends,
  )
}

/** The entries of `patch` that differ from the row: what an edit would really change. */
export function changedColumns(before: Row, patch: Row): Row {
  return Object.fromEntries(Object.entries(patch).filter(([column, value]) => before[column] !== value))
}

/** Names an edit after the one kind of change it makes (by column), or generally when it makes several. */
export function editLabel(changes: Row, labels: Record<string, string>, general: string): string {
  const [only, ...others] = new Set(Object.keys(changes).map((column) => labels[column] ?? general))
  return only !== undefined && others.length === 0 ? only : general
}

type ReviewedTable = 'chapters' | 'statements' | 'highlights'

/**
 * Writes the columns of `patch` that differ. Touching a machine item makes it `edited`, which is what
 * the review flow shows the reviewer; a patch that changes nothing leaves the status alone too.
 */
export function editItem(db: Db, w: RowWriter, table: ReviewedTable, key: Row, patch: Row): void {
  const before = readRow(db, table, key)
  if (!before) throw new Error(`${table} row ${JSON.stringify(key)} does not exist`)
  const changes = changedColumns(before, patch)
  if (Object.keys(changes).length === 0) return
  w.update(table, key, before.origin === 'machine' ? { ...changes, status: 'edited' } : changes)
}
