/**
 * A show's codebook versions moved to new numbers, for two leads who published different versions under
 * one number while apart (issue 45): the one that reaches the desk second moves past the desk's numbers.
 * Its content, state and anchors go with it, and so do the analyses this library scored under it and
 * their undo history, so that neither a stamp nor an undo ever names the other lead's version.
 */
import type { Db } from '../db/openDatabase'
import { statement } from '../db/statements'
import type { RowChange } from '../history/rowWriter'

export interface VersionMove {
  from: number
  to: number
}

const VERSION_TABLES = ['codebook_versions', 'codebook_dimensions', 'codebook_levels', 'codebook_anchors']

/**
 * Moves each version `from` -> `to` in one transaction (every `to` a number the show does not hold), restamping the analyses
 * scored under it, except those pulled from another person (theirs name the desk's version, and are theirs
 * to restamp); the number of analyses restamped by move.
 */
export function renumberVersions(db: Db, show: string, moves: readonly VersionMove[]): number[] {
  return db
    .transaction((): number[] => {
      // The versions' rows reference each other by (show, version): checked once every table has moved.
      db.pragma('defer_foreign_keys = ON')
      const held = (
        statement(db, `SELECT version FROM codebook_versions WHERE show = ?`).all(show) as {
          version: number
        }[]
      ).map((r) => r.version)
      const leaving = new Set(moves.map((m) => m.from))
      for (const { to } of moves)
        if (held.includes(to) && !leaving.has(to)) throw new Error(`version ${to} of ${show} is taken`)
      // Through numbers past every one, so that a move may take the number another move leaves.
      const past = Math.max(...held, ...moves.map((m) => m.to))
      const parked = moves.map((m, i) => ({ ...m, via: past + 1 + i }))
      // The stamps go the same way: a stamp moved to a number another move leaves is not moved twice.
      const restamped = parked.map(({ from, via }) => {
        moveRows(db, show, from, via)
        return restamp(db, show, from, via)
      })
      for (const { via, to } of parked) {
        moveRows(db, show, via, to)
        restamp(db, show, via, to)
      }
      return restamped
    })
    .immediate()
}

function moveRows(db: Db, show: string, from: number, to: number): void {
  for (const table of VERSION_TABLES)
    statement(db, `UPDATE ${table} SET version = ? WHERE show = ? AND version = ?`).run(to, show, from)
}

function restamp(db: Db, show: string, from: number, to: number): number {
  const { changes } = statement(
    db,
    `UPDATE episodes SET codebook_version = ? WHERE codebook_show = ? AND codebook_version = ?
       AND NOT EXISTS (SELECT 1 FROM desk_analyses d WHERE d.episode_id = episodes.id AND d.mine = 0)`,
  ).run(to, show, from)
  // Every edit that stamped or unstamped an analysis with it, whatever the analysis is stamped with now.
  const history = statement(
    db,
    `SELECT seq, changes FROM edit_history h WHERE changes LIKE '%codebook_version%'
       AND NOT EXISTS (SELECT 1 FROM desk_analyses d WHERE d.episode_id = h.episode_id AND d.mine = 0)`,
  )
  const rewrite = statement(db, `UPDATE edit_history SET changes = ? WHERE seq = ?`)
  for (const row of history.all() as { seq: number; changes: string }[]) {
    const edits = JSON.parse(row.changes) as RowChange[]
    let moved = false
    for (const change of edits)
      for (const side of [change.before, change.after])
        if (change.table === 'episodes' && side?.codebook_show === show && side.codebook_version === from) {
          side.codebook_version = to
          moved = true
        }
    if (moved) rewrite.run(JSON.stringify(edits), row.seq)
  }
  return changes
}
