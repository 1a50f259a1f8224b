import type { Db } from '../db/openDatabase'
import { statement } from '../db/statements'
import {
  DEFAULT_PREFERENCES,
  preferencesSchema,
  type PreferenceKey,
  type Preferences,
} from '../../shared/preferences'

const KEYS = Object.keys(DEFAULT_PREFERENCES) as PreferenceKey[]

/** The editor's kept choices; a choice never made (or kept by another version, unreadable) is its default. */
export function readPreferences(db: Db): Preferences {
  const kept = new Map(
    (statement(db, `SELECT key, value FROM settings`).all() as { key: string; value: string }[]).map((r) => [
      r.key,
      r.value,
    ]),
  )
  const preferences: Record<string, unknown> = { ...DEFAULT_PREFERENCES }
  for (const key of KEYS) {
    const value = storedValue(kept.get(key))
    if (preferencesSchema.shape[key].safeParse(value).success) preferences[key] = value
  }
  return preferences as Preferences
}

/** A kept value: JSON, or `yes`/`no` as the first versions kept a choice; undefined when unreadable. */
function storedValue(text: string | undefined): unknown {
  if (text === undefined) return undefined
  if (text === 'yes' || text === 'no') return text === 'yes'
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
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
      if (value !== undefined) upsert.run(key, JSON.stringify(value))
    }
  })()
  return readPreferences(db)
}
