import fs from 'node:fs'
import path from 'node:path'
import { UserError } from '../errors'

/** Below this much free space a database cannot take its journal, let alone an edit. */
const FULL_DISK_BYTES = 1024 * 1024

/**
 * Why the database at `file` could not be opened, as a sentence naming the path and the cause: SQLite
 * says "unable to open database file" or "disk I/O error" for a folder, a missing disk, a read-only
 * mount, a full disk or missing permissions alike, so the file and its folder are looked at. Null when
 * none of these is the cause (the caller then says what SQLite said).
 */
export function databaseOpenFailure(file: string, error: unknown): UserError | null {
  const native = nativeModuleFailure(error)
  if (native) return native
  const target = path.resolve(file)
  const folder = path.dirname(target)
  const cause = fileCause(target) ?? folderCause(folder) ?? diskCause(folder, error)
  return cause
    ? new UserError('invalid-input', `Episcore cannot open its database ${target}: ${cause}.`)
    : null
}

/**
 * The database this app was using is gone from its path (moved, renamed, deleted, or on a disk that was
 * unplugged): said as such, since opening the path would make a new, empty library in its place.
 */
export function missingDatabase(file: string): UserError {
  const target = path.resolve(file)
  return new UserError(
    'invalid-input',
    `Episcore cannot open its database ${target}: the file is not there any more (moved, renamed or deleted, or its disk is not connected). Nothing was created in its place.`,
  )
}

/**
 * A database SQLite would open but not write to (it falls back to reading when writing is refused, and
 * the first edit would then fail): a file or folder that may not be written, or on a read-only mount.
 */
export function unwritableDatabase(file: string): UserError | null {
  const target = path.resolve(file)
  const folder = path.dirname(target)
  const cause = fileCause(target) ?? (fs.existsSync(folder) ? folderCause(folder) : null)
  return cause
    ? new UserError('invalid-input', `Episcore cannot open its database ${target}: ${cause}.`)
    : null
}

function fileCause(file: string): string | null {
  let stat: fs.Stats
  try {
    stat = fs.statSync(file)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT') return null
    if (code === 'EACCES') return 'a folder on its path may not be entered (permission denied)'
    return `it cannot be looked at (${code ?? (error as Error).message})`
  }
  if (stat.isDirectory()) return 'that path is a folder, not a database file; choose the file itself'
  if (!stat.isFile()) return 'that path is not a regular file'
  return accessCause(file, 'the file')
}

function folderCause(folder: string): string | null {
  let stat: fs.Stats
  try {
    stat = fs.statSync(folder)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT')
      return `its folder ${folder} does not exist (a disk that is not connected, or a folder moved or renamed?)`
    return `its folder ${folder} cannot be looked at (${code ?? (error as Error).message})`
  }
  if (!stat.isDirectory()) return `${folder} is a file, not a folder`
  // SQLite writes its journal (-wal, -shm) beside the database: the folder must be writable too.
  return accessCause(folder, 'its folder')
}

function accessCause(target: string, what: string): string | null {
  try {
    fs.accessSync(target, fs.constants.R_OK | fs.constants.W_OK)
    return null
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'EROFS') return `${what} is on a read-only disk or mount`
    if (code === 'EACCES' || code === 'EPERM')
      return `${what} may not be read and written by this user (permission denied); change its permissions or owner`
    return `${what} cannot be read and written (${code ?? (error as Error).message})`
  }
}

function diskCause(folder: string, error: unknown): string | null {
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string' && code.startsWith('SQLITE_READONLY'))
    return 'the file or its disk is read-only'
  const full = 'the disk it is on is full; free some space and start Episcore again'
  if (code === 'SQLITE_FULL') return full
  try {
    const disk = fs.statfsSync(folder)
    // Pseudo file systems (/proc) have no blocks at all: no sign of a full disk.
    if (disk.blocks > 0 && disk.bavail * disk.bsize < FULL_DISK_BYTES) return full
  } catch {
    // No free-space figure here: the code below still tells.
  }
  if (typeof code === 'string' && code.startsWith('SQLITE_IOERR'))
    return 'the disk could not be read or written (removed, failing, or a network folder that went away?)'
  return null
}

/**
 * better-sqlite3's native module failing to load (Linux before glibc 2.34, or without GCC 11's
 * libstdc++), worded for a person: what is missing and what to do, the loader's own words after.
 */
export function nativeModuleFailure(error: unknown): UserError | null {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown }
  const text = typeof message === 'string' ? message : ''
  if (code !== 'ERR_DLOPEN_FAILED' && !/\.node\b|GLIBC|GLIBCXX|CXXABI/.test(text)) return null
  const missing = /(GLIBCXX|CXXABI)_[\d.]+/.exec(text)?.[0] ?? /GLIBC_[\d.]+/.exec(text)?.[0]
  const glibc = (process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined)
    ?.header?.glibcVersionRuntime
  const needs =
    process.platform === 'linux'
      ? `Episcore needs Linux with glibc 2.34 or newer and GCC 11's libstdc++ (Debian 12, Ubuntu 22.04, RHEL 9 or newer)${glibc ? `; this system has glibc ${glibc}` : ''}. Update the system, or run Episcore on a newer one`
      : 'Reinstall Episcore from an installer made for this system'
  return new UserError(
    'invalid-input',
    `Episcore's database engine cannot load on this system${missing ? ` (it needs ${missing}, which is missing)` : ''}. ${needs}. (${text.split('\n')[0]})`,
  )
}
