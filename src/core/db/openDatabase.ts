import Database from 'better-sqlite3'
import fs from 'node:fs'
import path from 'node:path'
import { UserError } from '../errors'
import { migrate } from './migrate'
import { MIGRATIONS } from './migrations'

export type Db = Database.Database

export interface OpenOptions {
  /** Path to a better-sqlite3 addon built for another runtime (Electron's ABI). */
  nativeBinding?: string
  migrations?: Parameters<typeof migrate>[1]
}

export function openDatabase(file: string, options: OpenOptions = {}): Db {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true })
  let db: Db
  try {
    db = new Database(file, options.nativeBinding ? { nativeBinding: options.nativeBinding } : {})
  } catch (error) {
    throw new UserError('invalid-input', `cannot open the database ${file}: ${(error as Error).message}`)
  }
  try {
    db.pragma('journal_mode = WAL')
    db.pragma('foreign_keys = ON')
    db.pragma('busy_timeout = 5000')
    migrate(db, options.migrations ?? MIGRATIONS)
  } catch (error) {
    db.close()
    if (error instanceof UserError) throw error
    throw new UserError('invalid-input', `${file} is not an Episcore database: ${(error as Error).message}`)
  }
  return db
}

/** `--db PATH`, else `EPISCORE_DB`, else the platform's data folder: where the CLI and the host keep data. */
export function defaultDatabasePath(
  explicit: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): string {
  if (explicit) return path.resolve(explicit)
  if (env.EPISCORE_DB) return path.resolve(env.EPISCORE_DB)
  const home = env.HOME ?? env.USERPROFILE ?? '.'
  const base =
    process.platform === 'darwin'
      ? path.join(home, 'Library', 'Application Support')
      : process.platform === 'win32'
        ? (env.APPDATA ?? path.join(home, 'AppData', 'Roaming'))
        : (env.XDG_CONFIG_HOME ?? path.join(home, '.config'))
  // Same folder Electron's app.getPath('userData') gives for this app's name.
  return path.join(base, 'episcore', 'episcore.sqlite')
}
