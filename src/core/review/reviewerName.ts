import type { Db } from '../db/openDatabase'
import { statement } from '../db/statements'

/** Who reviews, asked once and kept with the library (a setting, not an edit of an episode). */
export function reviewerName(db: Db): string | null {
  const row = statement(db, `SELECT value FROM settings WHERE key = 'reviewerName'`).get() as
    { value: string } | undefined
  return row?.value ?? null
}

export function setReviewerName(db: Db, name: string): { name: string } {
  statement(
    db,
    `INSERT INTO settings (key, value) VALUES ('reviewerName', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
  ).run(name)
  return { name }
}
