import Database from 'better-sqlite3'
import fs from 'node:fs'
import { UserError } from '../errors'
import { sqliteUserError } from './sqliteErrors'

/** "EpSc" in SQLite's application id header field: how an Episcore database says what it is. */
export const EPISCORE_APPLICATION_ID = 0x45705363

/** Tables every Episcore database has had since its first schema, before the application id. */
const FIRST_SCHEMA_TABLES = ['episodes', 'media', 'settings', 'edit_history']

export type DatabaseFileKind =
  { kind: 'new' } | { kind: 'episcore'; version: number } | { kind: 'foreign'; found: string }

const listed = (names: readonly string[]): string => {
  const shown = names.slice(0, 5).join(', ')
  return names.length > 5 ? `${shown} and ${names.length - 5} more` : shown
}

/**
 * What a database file is, read without writing a byte of it: nothing yet (no file, an empty one, or
 * SQLite without a table or a schema version), an Episcore database (its application id, or an older one's tables and
 * schema version), or another application's, described by what it holds. A file without tables but
 * with a schema version is another application's, unless the version is past `latest` (a newer app's,
 * which the caller refuses as such). `opened`: the file already open to be read (and left open), for a
 * library that cannot be opened again cheaply (see unwritableLibrary.ts).
 */
export function databaseFileKind(
  file: string,
  latest = Infinity,
  opened?: Database.Database,
): DatabaseFileKind {
  if (!opened && (!fs.existsSync(file) || fs.statSync(file).size === 0)) return { kind: 'new' }
  let db = opened
  try {
    db ??= new Database(file, { readonly: true, fileMustExist: true })
    const tables = db
      .prepare(
        `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`,
      )
      .pluck()
      .all() as string[]
    const applicationId = db.pragma('application_id', { simple: true }) as number
    const version = db.pragma('user_version', { simple: true }) as number
    // No migration can bring a schema version without its tables up to date, and opening it to try
    // would already switch it to WAL: it is refused as found.
    if (tables.length === 0 && version !== 0 && version <= latest)
      return {
        kind: 'foreign',
        found: `it holds no tables but says it is at schema version ${version} (its user_version)`,
      }
    if (applicationId === EPISCORE_APPLICATION_ID) return { kind: 'episcore', version }
    if (applicationId !== 0)
      return {
        kind: 'foreign',
        found: `its application id is 0x${(applicationId >>> 0).toString(16)}, not Episcore's`,
      }
    if (tables.length === 0) return version === 0 ? { kind: 'new' } : { kind: 'episcore', version }
    if (version > 0 && FIRST_SCHEMA_TABLES.every((t) => tables.includes(t)))
      return { kind: 'episcore', version }
    const count = `${tables.length} table${tables.length === 1 ? '' : 's'}`
    return { kind: 'foreign', found: `it holds ${count} (${listed(tables)}) and no Episcore mark` }
  } catch (error) {
    // Named, since the first look at a file is often a start the editor did not ask for by path.
    const storage = sqliteUserError(error)
    if (storage) throw new UserError(storage.code, `${file}: ${storage.message}`)
    throw new UserError(
      'invalid-input',
      `${file} is not an Episcore database: ${(error as Error).message}. Nothing was changed.`,
    )
  } finally {
    if (!opened) db?.close()
  }
}

/** The refusal for another application's database, which is never touched. */
export const foreignDatabase = (file: string, found: string): UserError =>
  new UserError(
    'invalid-input',
    `${file} is not an Episcore database: ${found}. Nothing was changed; name a new file or an Episcore database.`,
  )
