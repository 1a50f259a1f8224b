import { UserError } from '../errors'
import { pulledOwner } from '../desk/sync/deskAnalyses'
import type { Db } from '../db/openDatabase'
import { statement } from '../db/statements'
import { tableVersions } from '../db/tableVersions'
import { noteChange } from './lastChange'
import { LEGACY_WORDS_TABLE, LegacyWordChanges } from './legacyWordChanges'
import { countWritten, RowWriter, writeRow, type RowChange, type RowsWritten } from './rowWriter'
import { isEditableTable } from './tables'

/** One gesture's writes. */
export type Edit = (writer: RowWriter) => void
/** Whether an edit is the same gesture as the last one done, from that one's changes. */
export type Amends = (last: RowChange[]) => boolean
/** Whether an edit belongs to the last one done, whatever its label (a speaker mapping to its import). */
export interface Joins {
  joins: (lastLabel: string) => boolean
}

interface HistoryRow {
  seq: number
  label: string
  changes: string
}

/**
 * Applies one user gesture as one transaction and records it for undo. A new edit drops whatever
 * was undone after it, as every editor's history does. With `amends`, the edit is folded into the last
 * done one when that one is the same gesture (`amends` says so from its changes): typing `1` then `0`
 * on a score is one step to 10. With `joins`, it is folded into the last one when that one's label
 * says it belongs there: the speakers mapped right after an import are undone with it.
 */
export function applyEdit(
  db: Db,
  episodeId: string,
  label: string,
  edit: Edit,
  amends?: Amends | Joins,
): void {
  let note = (): void => undefined
  db.transaction(() => {
    refusePulled(db, episodeId)
    const before = tableVersions(db)
    const writer = new RowWriter(db)
    edit(writer)
    leaveFinal(db, episodeId, writer)
    const changes = writer.changes.filter(changesSomething)
    const after = tableVersions(db)
    note = () => noteChange(db, { before, after, changes, written: writer.written })
    if (changes.length === 0) return
    if (amends && amendLast(db, episodeId, label, changes, amends)) return
    statement(db, `DELETE FROM edit_history WHERE episode_id = ? AND state = 'undone'`).run(episodeId)
    statement(
      db,
      `INSERT INTO edit_history (episode_id, label, changes, state, created_at) VALUES (?, ?, ?, 'done', ?)`,
    ).run(episodeId, label, JSON.stringify(changes), new Date().toISOString())
  }).immediate()
  // Only once it committed: a rolled-back edit changed nothing.
  note()
}

/**
 * Another person's analysis pulled from the desk is theirs: every edit and undo goes through here, so one
 * check keeps it unchanged in this library (the catalogue's roles refuse it there too).
 */
function refusePulled(db: Db, episodeId: string): void {
  const owner = pulledOwner(db, episodeId)
  if (owner !== null)
    throw new UserError(
      'pulled-analysis',
      `this analysis is ${owner}'s, pulled from the desk: it is not changed here. Keep a copy of your own (Duplicate) to change it`,
    )
}

const changesSomething = (c: RowChange): boolean => JSON.stringify(c.before) !== JSON.stringify(c.after)

/**
 * A published (`final`) episode that is changed in any way is no longer what was published: it goes back
 * into review in the same step, so undoing the change makes it final again. An edit that sets the status
 * itself (publishing) is left as it is.
 */
function leaveFinal(db: Db, episodeId: string, writer: RowWriter): void {
  const changed = writer.changes.filter(changesSomething)
  if (changed.length === 0) return
  const setsStatus = changed.some(
    (c) => c.table === 'episodes' && c.before?.review_status !== c.after?.review_status,
  )
  if (setsStatus) return
  const row = statement(db, `SELECT review_status FROM episodes WHERE id = ?`).get(episodeId) as
    { review_status: string } | undefined
  if (row?.review_status === 'final')
    writer.update('episodes', { id: episodeId }, { review_status: 'inReview' })
}

/** Appends `changes` to the last done edit when nothing was undone after it and it is the same gesture. */
function amendLast(
  db: Db,
  episodeId: string,
  label: string,
  changes: RowChange[],
  amends: Amends | Joins,
): boolean {
  const undone = statement(
    db,
    `SELECT 1 FROM edit_history WHERE episode_id = ? AND state = 'undone' LIMIT 1`,
  ).get(episodeId)
  if (undone) return false
  const last = statement(
    db,
    `SELECT seq, label, changes FROM edit_history WHERE episode_id = ? AND state = 'done' ORDER BY seq DESC LIMIT 1`,
  ).get(episodeId) as HistoryRow | undefined
  if (!last) return false
  const before = JSON.parse(last.changes) as RowChange[]
  if (typeof amends === 'function' ? last.label !== label || !amends(before) : !amends.joins(last.label))
    return false
  // Undo replays in reverse and redo in order, so the two edits' changes simply follow one another.
  statement(db, `UPDATE edit_history SET changes = ? WHERE seq = ?`).run(
    JSON.stringify([...before, ...changes]),
    last.seq,
  )
  return true
}

function replay(db: Db, changes: RowChange[], direction: 'undo' | 'redo'): RowsWritten {
  const ordered = direction === 'undo' ? [...changes].reverse() : changes
  const written: RowsWritten = new Map()
  const legacyWords = new LegacyWordChanges(db)
  for (const change of ordered) {
    const row = direction === 'undo' ? change.before : change.after
    if ((change.table as string) === LEGACY_WORDS_TABLE) {
      legacyWords.apply(change.key, row)
      continue
    }
    if (!isEditableTable(change.table)) throw new Error(`history names an unknown table ${change.table}`)
    countWritten(written, change.table, writeRow(db, change.table, change.key, row))
  }
  const legacyWritten = legacyWords.finish()
  if (legacyWritten > 0) countWritten(written, 'transcript_segments', legacyWritten)
  return written
}

/** Undoes the last done edit, or redoes the first undone one; answers the edit's label. */
function step(db: Db, episodeId: string, direction: 'undo' | 'redo'): string {
  const [from, to, order] = direction === 'undo' ? ['done', 'undone', 'DESC'] : ['undone', 'done', 'ASC']
  let note = (): void => undefined
  const label = db
    .transaction(() => {
      const before = tableVersions(db)
      refusePulled(db, episodeId)
      const row = statement(
        db,
        `SELECT seq, label, changes FROM edit_history WHERE episode_id = ? AND state = ? ORDER BY seq ${order} LIMIT 1`,
      ).get(episodeId, from) as HistoryRow | undefined
      if (!row) throw new UserError('nothing-to-undo', `nothing to ${direction}`)
      const changes = JSON.parse(row.changes) as RowChange[]
      const written = replay(db, changes, direction)
      statement(db, `UPDATE edit_history SET state = ? WHERE seq = ?`).run(to, row.seq)
      const after = tableVersions(db)
      note = () => noteChange(db, { before, after, changes, written })
      return row.label
    })
    .immediate()
  note()
  return label
}

export const undo = (db: Db, episodeId: string): string => step(db, episodeId, 'undo')
export const redo = (db: Db, episodeId: string): string => step(db, episodeId, 'redo')

export interface HistoryState {
  canUndo: boolean
  canRedo: boolean
  undoLabel: string | null
  redoLabel: string | null
}

export function historyState(db: Db, episodeId: string): HistoryState {
  const last = statement(
    db,
    `SELECT label FROM edit_history WHERE episode_id = ? AND state = 'done' ORDER BY seq DESC LIMIT 1`,
  ).get(episodeId) as { label: string } | undefined
  const next = statement(
    db,
    `SELECT label FROM edit_history WHERE episode_id = ? AND state = 'undone' ORDER BY seq ASC LIMIT 1`,
  ).get(episodeId) as { label: string } | undefined
  return { canUndo: !!last, canRedo: !!next, undoLabel: last?.label ?? null, redoLabel: next?.label ?? null }
}
