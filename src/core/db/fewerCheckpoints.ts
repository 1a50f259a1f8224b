import type { Db } from './openDatabase'

/** Pages the WAL may hold before a commit checkpoints it, during a bulk write: ~40 MB of 4 KB pages. */
export const BULK_CHECKPOINT_PAGES = 10_000

/**
 * Runs a bulk write (a desk's pull of a thousand analyses) with the WAL checkpointed every ~40 MB
 * instead of SQLite's 4 MB: the pages the search index rewrites at each commit are then copied into the
 * database once per forty episodes rather than once per three, a fifth of a pull's write. The setting
 * is the connection's: put back afterwards, and left alone where the caller already checkpoints by
 * itself (0: the app's session checkpoints between calls).
 */
export async function withFewerCheckpoints<T>(db: Db, work: () => Promise<T>): Promise<T> {
  const before = db.pragma('wal_autocheckpoint', { simple: true }) as number
  if (before <= 0 || before >= BULK_CHECKPOINT_PAGES) return work()
  db.pragma(`wal_autocheckpoint = ${BULK_CHECKPOINT_PAGES}`)
  try {
    return await work()
  } finally {
    if (db.open) db.pragma(`wal_autocheckpoint = ${before}`)
  }
}
