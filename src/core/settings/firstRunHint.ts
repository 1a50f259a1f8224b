import type { Db } from '../db/openDatabase'
import { statement } from '../db/statements'

/** Whether the editor has closed the episode screen's first-run hint: kept with the library, once for all. */
export function firstRunHintSeen(db: Db): { seen: boolean } {
  const row = statement(db, `SELECT value FROM settings WHERE key = 'firstRunHintSeen'`).get()
  return { seen: row !== undefined }
}

export function dismissFirstRunHint(db: Db): { seen: boolean } {
  statement(
    db,
    `INSERT INTO settings (key, value) VALUES ('firstRunHintSeen', 'yes') ON CONFLICT (key) DO NOTHING`,
  ).run()
  return { seen: true }
}
