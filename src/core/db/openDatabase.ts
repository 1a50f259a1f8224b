import Database from 'better-sqlite3'
import fs from 'node:fs'
import path from 'node:path'
import { UserError } from '../errors'
import { migrate } from './migrate'
import { MIGRATIONS } from './migrations'
import { sqliteUserError } from './sqliteErrors'

export type Db = Database.Database

export interface OpenOptions {
  migrations?: Parameters<typeof migrate>[1]
}

/**
 * How long a write waits for another connection's write (the app and the CLI on one database) before it
 * fails as busy: `EPISCORE_BUSY_TIMEOUT_MS`, else 5 seconds.
 */
export function busyTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  const ms = Number(env.EPISCORE_BUSY_TIMEOUT_MS)
  return env.EPISCORE_BUSY_TIMEOUT_MS && Number.isInteger(ms) && ms >= 0 ? ms : 5000
}

export function openDatabase(file: string, options: OpenOptions = {}): Db {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true })
  let db: Db
  try {
    db = new Database(file)
  } catch (error) {
    throw new UserError('invalid-input', `cannot open the database ${file}: ${(error as Error).message}`)
  }
  try {
    // First, so that switching to WAL waits for another writer too.
    db.pragma(`busy_timeout = ${busyTimeoutMs()}`)
    db.pragma('journal_mode = WAL')
    db.pragma('foreign_keys = ON')
    migrate(db, options.migrations ?? MIGRATIONS)
  } catch (error) {
    db.close()
    if (error instanceof UserError) throw error
    // A busy database or a full disk is no sign of a foreign file.
    const storage = sqliteUserError(error)
    if (storage) throw storage
    throw new UserError('invalid-input', `${file} is not an Episcore database: ${(error as Error).message}`)
  }
  return db
}

export { defaultDatabasePath } from './databaseLocation'
