import type { Db } from '../../db/openDatabase'

/** The catalogue a library is connected to, as it keeps it: never a password. */
export interface DeskLink {
  /** The catalogue's URL without any secret. */
  url: string
  /** The PostgreSQL role this library pushes as. */
  user: string
  insecure: boolean
  connectedAt: string
  lastSyncAt: string | null
  lastError: string | null
}

interface LinkRow {
  url: string
  user: string
  insecure: number
  connected_at: string
  last_sync_at: string | null
  last_error: string | null
}

export function deskLink(db: Db): DeskLink | null {
  const row = db.prepare(`SELECT * FROM desk_link`).get() as LinkRow | undefined
  return row
    ? {
        url: row.url,
        user: row.user,
        insecure: row.insecure === 1,
        connectedAt: row.connected_at,
        lastSyncAt: row.last_sync_at,
        lastError: row.last_error,
      }
    : null
}

/**
 * Joins the library to a catalogue: from now on every change marks its analysis in the outbox, and every
 * analysis of this library's own is marked now, so the first sync offers them all (one already there
 * unchanged makes no new revision). A library connected before to another catalogue, or as another
 * person, forgets what it knew of that one: its revisions and owners mean nothing here.
 */
export function linkDesk(
  db: Db,
  link: { url: string; user: string; insecure: boolean },
  now = new Date(),
): void {
  db.transaction(() => {
    const before = deskLink(db)
    if (before && (before.url !== link.url || before.user !== link.user)) forgetDesk(db)
    db.prepare(`DELETE FROM desk_link`).run()
    db.prepare(`INSERT INTO desk_link (only, url, user, insecure, connected_at) VALUES (1, ?, ?, ?, ?)`).run(
      link.url,
      link.user,
      link.insecure ? 1 : 0,
      now.toISOString(),
    )
    markOwnAnalyses(db)
  }).immediate()
}

/** Leaves the catalogue; what this library knows of it stays, so connecting again resumes. */
export function unlinkDesk(db: Db): boolean {
  return db
    .transaction(() => {
      const had = db.prepare(`DELETE FROM desk_link`).run().changes > 0
      db.prepare(`DELETE FROM desk_outbox`).run()
      return had
    })
    .immediate()
}

function forgetDesk(db: Db): void {
  db.prepare(`DELETE FROM desk_analyses`).run()
  db.prepare(`DELETE FROM desk_outbox`).run()
}

/** Every analysis in the library that is not someone else's, in the order they came in. */
function markOwnAnalyses(db: Db): void {
  db.prepare(
    `INSERT INTO desk_outbox (episode_id, seq, mark)
     SELECT e.id, (SELECT coalesce(max(seq), 0) FROM desk_outbox) + row_number() OVER (ORDER BY e.created_at, e.id), 1
     FROM episodes e
     WHERE e.trashed_at IS NULL
       AND NOT EXISTS (SELECT 1 FROM desk_analyses d WHERE d.episode_id = e.id AND d.mine = 0)
     ON CONFLICT (episode_id) DO NOTHING`,
  ).run()
}

export function noteSync(db: Db, outcome: { at: Date; error: string | null }): void {
  db.prepare(`UPDATE desk_link SET last_sync_at = coalesce(?, last_sync_at), last_error = ?`).run(
    outcome.error === null ? outcome.at.toISOString() : null,
    outcome.error,
  )
}

/** How many analyses have changes the catalogue has not taken yet. */
export const waitingChanges = (db: Db): number =>
  (db.prepare(`SELECT count(*) AS n FROM desk_outbox`).get() as { n: number }).n
