import { rereadWhenFarBehind } from '../search/searchTerms'
import type { Db } from './openDatabase'

/** Pages the WAL may hold before a commit checkpoints it, during a bulk write: ~40 MB of 4 KB pages. */
export const BULK_CHECKPOINT_PAGES = 10_000
/** The page cache during a bulk write, in KiB (SQLite's negative cache_size): 64 MB. */
export const BULK_CACHE_KIB = 65_536

/**
 * Runs a bulk write (a desk's pull of a thousand analyses) with settings for it, each put back
 * afterwards (they are the connection's):
 * - the WAL checkpointed every ~40 MB instead of SQLite's 4 MB: the pages the search index rewrites at
 *   each commit are copied into the database once per forty episodes rather than once per three (a fifth
 *   of a pull's write). Left alone where the caller checkpoints by itself (0: the app's session
 *   checkpoints between calls);
 * - a 64 MB page cache instead of 16: the search index's pages stay in memory from one episode to the
 *   next (~8 % of the write). Memory a pull gives back when it ends.
 *
 * It ends with the library's terms read again whole when it left a large share of the library behind
 * (see searchTerms.ts): once for the whole write, not by the searches after it.
 */
export async function withBulkWriteSettings<T>(db: Db, work: () => Promise<T>): Promise<T> {
  const checkpoint = db.pragma('wal_autocheckpoint', { simple: true }) as number
  const cache = db.pragma('cache_size', { simple: true }) as number
  const fewerCheckpoints = checkpoint > 0 && checkpoint < BULK_CHECKPOINT_PAGES
  // A positive cache_size counts pages, a negative one KiB: compared in KiB of 4 KB pages.
  const largerCache = (cache < 0 ? -cache : cache * 4) < BULK_CACHE_KIB
  if (fewerCheckpoints) db.pragma(`wal_autocheckpoint = ${BULK_CHECKPOINT_PAGES}`)
  if (largerCache) db.pragma(`cache_size = ${-BULK_CACHE_KIB}`)
  try {
    const done = await work()
    rereadWhenFarBehind(db)
    return done
  } finally {
    if (db.open) {
      if (fewerCheckpoints) db.pragma(`wal_autocheckpoint = ${checkpoint}`)
      if (largerCache) db.pragma(`cache_size = ${cache}`)
    }
  }
}
