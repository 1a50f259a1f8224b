import type { ErrorCode } from '../../shared/result'
import { UserError } from '../errors'

export const DATABASE_BUSY =
  'the database is busy: another Episcore (the app?) is writing to it; try again when it is done'

// Every write is one transaction, so a failed one leaves the database as the last edit left it.
const NOT_SAVED = 'the edit was not saved; earlier edits are safe'

/** SQLite's primary result codes an editor can do something about, each with what to tell them. */
const MESSAGES: Record<string, [ErrorCode, string]> = {
  SQLITE_BUSY: ['busy', DATABASE_BUSY],
  SQLITE_LOCKED: ['busy', DATABASE_BUSY],
  SQLITE_FULL: ['invalid-input', `the disk is full (or the database may not grow): ${NOT_SAVED}`],
  SQLITE_READONLY: [
    'invalid-input',
    `the database is read-only (a read-only disk, folder or file?): ${NOT_SAVED}`,
  ],
  SQLITE_IOERR: [
    'invalid-input',
    `the disk could not be read or written (removed, full or failing?): ${NOT_SAVED}`,
  ],
  // Found while reading, after the database opened: the library offers its backups.
  SQLITE_CORRUPT: [
    'corrupt-database',
    'the database is damaged (part of it cannot be read); restore a backup (the app lists them). Nothing was changed',
  ],
  SQLITE_NOTADB: ['corrupt-database', 'the database file is not a database (damaged?); restore a backup'],
  SQLITE_CANTOPEN: [
    'invalid-input',
    'the database file cannot be opened (moved, deleted, or its folder is not writable?)',
  ],
}

/**
 * The clear message for a SQLite failure that comes from the disk or from another process rather than
 * from a bug; null for anything else. Extended codes (SQLITE_IOERR_WRITE, SQLITE_READONLY_DBMOVED…)
 * count as their primary code.
 */
export function sqliteUserError(error: unknown): UserError | null {
  if (!(error instanceof Error) || error.name !== 'SqliteError') return null
  const code = (error as Error & { code?: unknown }).code
  const primary = typeof code === 'string' ? /^SQLITE_[A-Z]+/.exec(code)?.[0] : undefined
  const known = primary === undefined ? undefined : MESSAGES[primary]
  return known ? new UserError(...known) : null
}
