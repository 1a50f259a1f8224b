import Database from 'better-sqlite3'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { UserError } from '../errors'

// SQLite reads `file:` names as URIs (for `immutable=1` below) only when the addon starts with this set;
// a path not starting with `file:` means what it did.
process.env.SQLITE_USE_URI ??= '1'

/** Whether this user may write `target`; a test stands in for a user who may not (tests run as root). */
export type CanWrite = (target: string) => boolean

export const canWrite: CanWrite = (target) => {
  try {
    fs.accessSync(target, fs.constants.W_OK)
    return true
  } catch {
    return false
  }
}

/**
 * Neither the database file nor its folder may be written by this user (a read-only share, a mounted
 * backup, another user's folder): SQLite cannot make the -shm a WAL database is read through there.
 */
export function cannotWriteBeside(file: string, may: CanWrite = canWrite): boolean {
  const target = path.resolve(file)
  return !may(target) && !may(path.dirname(target))
}

/** What says whether the file and its WAL changed: their size, time and inode (none when absent). */
function signatureOf(file: string): string {
  return ['', '-wal']
    .map((suffix) => {
      try {
        const s = fs.statSync(file + suffix)
        return `${s.size}:${s.mtimeMs}:${s.ino}`
      } catch {
        return 'none'
      }
    })
    .join('|')
}

/** The file each connection read in place without locks, and its signature when opened. */
const readInPlace = new WeakMap<Database.Database, { file: string; signature: string }>()

const walBytes = (file: string): number => {
  try {
    return fs.statSync(`${file}-wal`).size
  } catch {
    return 0
  }
}

/** Copies of a library made to be read, removed at the latest when the process ends. */
const copies = new Set<string>()
let removingAtExit = false
const removeCopies = (): void => {
  for (const folder of copies) fs.rmSync(folder, { recursive: true, force: true })
}

/**
 * An Episcore library in a place this user cannot write, opened to be read.
 *
 * With nothing in its WAL, the file itself is the whole database: it is read in place with SQLite's
 * `immutable=1` (no lock, no -shm), and {@link changedWhileRead} then says whether a writer (another
 * user's, on the share) changed it meanwhile, which such a read cannot see. With edits in its WAL and
 * its -shm there, SQLite reads them through the -shm read-only. With edits in its WAL and no -shm
 * (which only a writer may make), the file and its WAL are copied to a private folder, while unchanged,
 * and the copy is read.
 */
export function openUnwritable(file: string): Database.Database {
  const target = path.resolve(file)
  if (walBytes(target) === 0) {
    const signature = signatureOf(target)
    try {
      const db = new Database(`${pathToFileURL(target).href}?immutable=1`, {
        readonly: true,
        fileMustExist: true,
      })
      readInPlace.set(db, { file: target, signature })
      return db
    } catch {
      // SQLite started without URI names (the addon was loaded before this module): copied below.
    }
  } else if (fs.existsSync(`${target}-shm`)) {
    try {
      const db = new Database(target, { readonly: true, fileMustExist: true })
      db.pragma('user_version')
      return db
    } catch {
      // A -shm SQLite cannot use read-only (a writer's that crashed): copied below.
    }
  }
  return openCopy(target)
}

/** The file and its WAL copied while neither changes (another user may be writing), and the copy opened. */
function openCopy(target: string): Database.Database {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'episcore-read-'))
  copies.add(folder)
  if (!removingAtExit) {
    removingAtExit = true
    process.once('exit', removeCopies)
  }
  const copy = path.join(folder, 'library.sqlite')
  for (let attempt = 0; ; attempt++) {
    const before = signatureOf(target)
    for (const suffix of ['', '-wal']) {
      fs.rmSync(copy + suffix, { force: true })
      if (fs.existsSync(target + suffix)) fs.copyFileSync(target + suffix, copy + suffix)
    }
    if (signatureOf(target) === before) break
    if (attempt === 2) {
      fs.rmSync(folder, { recursive: true, force: true })
      throw new UserError(
        'busy',
        `${target} changed each time it was read (another user is writing to it): nothing was read; try again`,
      )
    }
  }
  // The WAL written into the copy, so that it reads as one file with nothing beside it.
  const settle = new Database(copy)
  try {
    settle.pragma('wal_checkpoint(TRUNCATE)')
    settle.pragma('journal_mode = DELETE')
  } finally {
    settle.close()
  }
  const db = new Database(copy, { readonly: true, fileMustExist: true })
  // Open files stay readable once unlinked where the system allows it (not Windows: removed at exit).
  try {
    fs.rmSync(folder, { recursive: true })
    copies.delete(folder)
  } catch {
    // Removed when the process ends.
  }
  return db
}

/**
 * Whether the library `db` was read in place without locks (see {@link openUnwritable}) changed since
 * it was opened: what was read may then mix the old and the new. Throws the refusal that says so.
 */
export function refuseIfChangedWhileRead(db: Database.Database): void {
  const read = readInPlace.get(db)
  if (!read || signatureOf(read.file) === read.signature) return
  throw new UserError(
    'busy',
    `${read.file} changed while it was read (another user is writing to it), so what was read may be inconsistent: run the command again`,
  )
}
