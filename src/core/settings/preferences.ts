import type { Db } from '../db/openDatabase'
import { statement } from '../db/statements'
import { DEFAULT_PREFERENCES, type PreferenceKey, type Preferences } from '../../shared/preferences'

const KEYS = Object.keys(DEFAULT_PREFERENCES) as PreferenceKey[]

/** The editor's kept choices; a choice never made (or kept by another version, unreadable) is its default. */
export function readPreferences(db: Db): Preferences {
  const kept = new Map(
    (statement(db, `SELECT key, value FROM settings`).all() as { key: string; value: string }[]).map((r) => [
      r.key,
      r.value,
    ]),
  )
  const preferences = { ...DEFAULT_PREFERENCES }
  for (const key of KEYS) {
    const value = kept.get(key)
    if (value === 'yes' || value === 'no') preferences[key] = value === 'yes'
  }
  return preferences
}

/** Keeps the choices given, in one transaction, and answers with all of them. */
export function keepPreferences(db: Db, changes: Partial<Preferences>): Preferences {
  const upsert = statement(
    db,
    `INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
  )
  db.transaction(() => {
    for (const key of KEYS) {
      const value = changes[key]
      if (value !== undefined) upsert.run(key, value ? 'yes' : 'no')
    }
  })()
  return readPreferences(db)
}
