import Database from 'better-sqlite3'
import fs from 'node:fs'
import path from 'node:path'
import { UserError } from '../errors'
import { runConversions, type ConversionProgress } from './conversions'
import { databaseFileKind, foreignDatabase } from './databaseMarker'
import { databaseOpenFailure, nativeModuleFailure, unwritableDatabase } from './databaseOpenFailure'
import { migrate, newerSchema, schemaVersion } from './migrate'
import { MIGRATIONS } from './migrations'
import type { Migration } from './migrations/migration'
import { sqliteUserError } from './sqliteErrors'
import { cannotWriteBeside, openUnwritable, type CanWrite } from './unwritableLibrary'

export type Db = Database.Database

export interface OpenOptions {
  migrations?: readonly Migration[]
  /**
   * For commands that only read (list, export): the file is opened read-only, never migrated and its
   * journal mode left as it is; a database that does not exist yet reads as one without episodes.
   */
  readOnly?: boolean
  /** Whether this user may write a path, for commands that only read: a test stands in for another user. */
  canWrite?: CanWrite
  /** Hears how far a conversion the migrations left (db/conversions.ts) has got, after each batch. */
  onProgress?: (progress: ConversionProgress) => void
}

/** A command that only reads refused a database an older Episcore wrote, which it does not upgrade. */
export class OlderSchema extends UserError {
  constructor(message: string) {
    super('conflict', message)
  }
}

/**
 * How long a write waits for another connection's write (the app and the CLI on one database) before it
 * fails as busy: `EPISCORE_BUSY_TIMEOUT_MS`, else 5 seconds.
 */
export function busyTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  const ms = Number(env.EPISCORE_BUSY_TIMEOUT_MS)
  return env.EPISCORE_BUSY_TIMEOUT_MS && Number.isInteger(ms) && ms >= 0 ? ms : 5000
}

/**
 * The database at `file`, at the newest schema. Only a new path, an empty file or an Episcore database
 * is opened: another application's SQLite file is refused as found, byte for byte.
 */
export function openDatabase(file: string, options: OpenOptions = {}): Db {
  const migrations = options.migrations ?? MIGRATIONS
  if (options.readOnly && fs.existsSync(file) && cannotWriteBeside(file, options.canWrite))
    return openUnwritableReadOnly(file, migrations)
  let found: ReturnType<typeof databaseFileKind>
  try {
    found = databaseFileKind(file, migrations.length)
  } catch (error) {
    // The first look at an existing file is the first load of the native module too.
    throw nativeModuleFailure(error) ?? error
  }
  if (found.kind === 'foreign') throw foreignDatabase(file, found.found)
  // Before anything is opened for writing: even switching to WAL would change a newer app's file.
  if (found.kind === 'episcore' && found.version > migrations.length)
    throw newerSchema(found.version, migrations.length)
  if (options.readOnly) return openReadOnly(file, found.kind === 'new', migrations)
  const unwritable = unwritableDatabase(file)
  if (unwritable) throw unwritable
  let db: Db
  try {
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true })
    db = new Database(file)
  } catch (error) {
    throw (
      databaseOpenFailure(file, error) ??
      new UserError('invalid-input', `cannot open the database ${file}: ${(error as Error).message}`)
    )
  }
  try {
    // First, so that switching to WAL waits for another writer too.
    db.pragma(`busy_timeout = ${busyTimeoutMs()}`)
    db.pragma('journal_mode = WAL')
    db.pragma('foreign_keys = ON')
    migrate(db, migrations)
    runConversions(db, options.onProgress)
  } catch (error) {
    db.close()
    if (error instanceof UserError) throw error
    // A busy database or a full disk is no sign of a foreign file; the path and the cause are named.
    const storage = sqliteUserError(error)
    if (storage?.code === 'busy')
      throw new UserError(
        'busy',
        `Episcore cannot open its database ${path.resolve(file)}: ${storage.message}`,
      )
    if (storage) throw databaseOpenFailure(file, error) ?? storage
    throw new UserError('invalid-input', `${file} is not an Episcore database: ${(error as Error).message}`)
  }
  return db
}

/**
 * A library in a place this user cannot write, opened to be read (see openUnwritable): refused as
 * {@link openDatabase} refuses, and never said to be older or unsaved when it is not.
 */
function openUnwritableReadOnly(file: string, migrations: readonly Migration[]): Db {
  let db: Db
  try {
    db = openUnwritable(file)
  } catch (error) {
    if (error instanceof UserError) throw error
    throw (
      nativeModuleFailure(error) ??
      databaseOpenFailure(file, error) ??
      sqliteUserError(error) ??
      new UserError('invalid-input', `cannot open the database ${file}: ${(error as Error).message}`)
    )
  }
  try {
    const found = databaseFileKind(file, migrations.length, db)
    if (found.kind === 'foreign') throw foreignDatabase(file, found.found)
    if (found.kind === 'new') {
      db.close()
      return openReadOnly(file, true, migrations)
    }
    return checkedVersion(db, file, migrations.length)
  } catch (error) {
    if (db.open) db.close()
    throw error
  }
}

function openReadOnly(file: string, isNew: boolean, migrations: readonly Migration[]): Db {
  const latest = migrations.length
  // Nothing to read, and nothing may be created: an empty database in memory answers as the file would.
  if (isNew) {
    const empty = new Database(':memory:')
    migrate(empty, migrations)
    return empty
  }
  let db: Db
  try {
    db = new Database(file, { readonly: true, fileMustExist: true })
    db.pragma(`busy_timeout = ${busyTimeoutMs()}`)
  } catch (error) {
    throw (
      databaseOpenFailure(file, error) ??
      sqliteUserError(error) ??
      new UserError('invalid-input', `cannot open the database ${file}`)
    )
  }
  return checkedVersion(db, file, latest)
}

/** `db` when at this app's schema; closed and refused otherwise (a command that only reads never upgrades). */
function checkedVersion(db: Db, file: string, latest: number): Db {
  const version = schemaVersion(db)
  if (version === latest) return db
  db.close()
  if (version > latest) throw newerSchema(version, latest)
  throw new OlderSchema(
    `${file} is at an older Episcore schema (version ${version}); a command that only reads does not upgrade it: open it in the app, or run one that writes, first`,
  )
}

export { defaultDatabasePath } from './databaseLocation'
