import Database from 'better-sqlite3'
import fs from 'node:fs'
import path from 'node:path'
import type { BackupInfo, RestoreOutcome } from '../../shared/contract'
import { UserError } from '../errors'
import { databaseFileKind } from './databaseMarker'
import { busyTimeoutMs, openDatabase, type Db } from './openDatabase'
import { DATABASE_BUSY } from './sqliteErrors'

/** Beside the database, so that a copy of the data folder carries its backups along. */
export const BACKUP_FOLDER = 'episcore-backups'
export const BACKUPS_KEPT = 7

export type DatabaseCheck = { ok: true } | { ok: false; problem: string }

/** A backup being written; its name never matches a backup's, so an interrupted one is never listed. */
const PARTIAL = '.partial'
/** The files SQLite keeps beside a database; a stale one beside a restored file would corrupt it. */
const COMPANIONS = ['-wal', '-shm', '-journal']
/** A crashed run's partial copy; younger ones may still be being written by another process. */
const STALE_PARTIAL_MS = 60 * 60 * 1000

/**
 * A restore's copy of `file` (the backup coming in, the database kept aside) while it is written: named
 * with the restoring process's id, so that a start can tell a copy a killed restore left from one a
 * live process is still writing, whatever their age.
 */
const restorePartial = (file: string): string => `${file}.restoring-${process.pid}${PARTIAL}`
const RESTORE_PARTIAL = /\.restoring-(\d+)\.partial(?:-wal|-shm|-journal)?$/

/**
 * Whether the process `pid` no longer runs. This one counts as gone while none of its restores is under
 * way (on any of its threads: see {@link whileRestoring}): a copy bearing our id was then left by an
 * earlier process that had it. A live process that is not ours may be the
 * restorer, or one that took its id since: the copy is then left to the age rule.
 */
function processGone(pid: number): boolean {
  if (pid === process.pid) return restoresUnderWay === 0
  try {
    process.kill(pid, 0)
    return false
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH'
  }
}

export const backupFolderOf = (file: string): string =>
  path.join(path.dirname(path.resolve(file)), BACKUP_FOLDER)

const baseNameOf = (file: string): string => path.basename(file, path.extname(file))

const two = (n: number): string => String(n).padStart(2, '0')

/** Local time, so that "once a day" means the editor's day. */
const stampOf = (d: Date): string =>
  `${d.getFullYear()}${two(d.getMonth() + 1)}${two(d.getDate())}-` +
  `${two(d.getHours())}${two(d.getMinutes())}${two(d.getSeconds())}`

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

export type BackupKind = BackupInfo['kind']

interface FoundBackup {
  name: string
  path: string
  kind: BackupKind
  /** YYYYMMDD-HHMMSS, local time: sorts as the times do. */
  stamp: string
  takenAt: Date
}

/** Names: `<db>-<stamp>.sqlite` daily, `<db>-manual-<stamp>.sqlite` by hand, `<db>-before-restore-<stamp>[-n].sqlite`. */
const KIND_TAGS: readonly [BackupKind, string][] = [
  ['daily', ''],
  ['manual', 'manual-'],
  ['before-restore', 'before-restore-'],
]

/** Every finished backup of `file` (daily, by hand, and each database a restore replaced), newest first. */
function foundBackups(file: string): FoundBackup[] {
  const folder = backupFolderOf(file)
  const base = escapeRegExp(baseNameOf(file))
  const patterns = KIND_TAGS.map(
    ([kind, tag]) =>
      [
        kind,
        new RegExp(
          `^${base}-${tag}(\\d{4})(\\d{2})(\\d{2})-(\\d{2})(\\d{2})(\\d{2})${kind === 'before-restore' ? '(?:-\\d+)?' : ''}\\.sqlite$`,
        ),
      ] as const,
  )
  let names: string[]
  try {
    names = fs.readdirSync(folder)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  }
  const found: FoundBackup[] = []
  for (const name of names) {
    for (const [kind, pattern] of patterns) {
      const m = pattern.exec(name)
      if (!m) continue
      const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number]
      found.push({
        name,
        path: path.join(folder, name),
        kind,
        stamp: m.slice(1, 4).join('') + '-' + m.slice(4, 7).join(''),
        takenAt: new Date(y, mo - 1, d, h, mi, s),
      })
    }
  }
  return found.sort((a, b) => (a.stamp < b.stamp ? 1 : a.stamp > b.stamp ? -1 : a.name < b.name ? 1 : -1))
}

const dailyBackups = (file: string): FoundBackup[] => foundBackups(file).filter((b) => b.kind === 'daily')

function openReadOnly(file: string): Database.Database {
  return new Database(file, { readonly: true, fileMustExist: true })
}

/** Damage, as opposed to a lock or a permission problem, which say nothing about the file's content. */
const isDamage = (error: unknown): boolean => {
  const code = (error as { code?: unknown }).code
  return typeof code === 'string' && (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB')
}

/**
 * Reads the whole file read-only (quick_check, or integrity_check when `thorough`) without writing a
 * byte of it: a damaged database must reach the editor as found, so that nothing is lost by a repair.
 * A missing file is fine (a new one will be created); a lock or permission problem is thrown, not
 * reported as damage.
 */
export function checkDatabase(file: string, options: { thorough?: boolean } = {}): DatabaseCheck {
  if (!fs.existsSync(file)) return { ok: true }
  let db: Database.Database | undefined
  try {
    db = openReadOnly(file)
    const rows = db
      .prepare(options.thorough ? 'PRAGMA integrity_check(20)' : 'PRAGMA quick_check(20)')
      .pluck()
      .all() as string[]
    return rows.length === 1 && rows[0] === 'ok' ? { ok: true } : { ok: false, problem: rows.join('; ') }
  } catch (error) {
    if (isDamage(error)) return { ok: false, problem: (error as Error).message }
    throw error
  } finally {
    db?.close()
  }
}

function removeStalePartials(folder: string, now: Date): void {
  for (const name of fs.readdirSync(folder)) {
    if (!['', ...COMPANIONS].some((suffix) => name.endsWith(PARTIAL + suffix))) continue
    const file = path.join(folder, name)
    const restorer = RESTORE_PARTIAL.exec(name)?.[1]
    try {
      if (
        (restorer !== undefined && processGone(Number(restorer))) ||
        now.getTime() - fs.statSync(file).mtimeMs > STALE_PARTIAL_MS
      )
        fs.rmSync(file, { force: true })
    } catch {
      // Gone meanwhile, or not ours to remove: either way not worth failing a backup for.
    }
  }
}

/**
 * The partial copies a killed backup or restore left in the backups folder: a restore's as soon as the
 * process that wrote it is gone, any other once stale.
 */
export function clearInterruptedCopies(file: string, now = new Date()): void {
  const folder = backupFolderOf(file)
  if (fs.existsSync(folder)) removeStalePartials(folder, now)
}

/** A backup's file, as its kind names it at `now`. */
const backupName = (file: string, kind: Exclude<BackupKind, 'before-restore'>, now: Date): string =>
  `${baseNameOf(file)}-${kind === 'manual' ? 'manual-' : ''}${stampOf(now)}.sqlite`

/**
 * Copies the open database with SQLite's online backup API to `target`, through a temporary name it is
 * renamed from once complete and checked.
 */
async function copyOpenDatabase(db: Db, target: string, now: Date): Promise<void> {
  const folder = path.dirname(target)
  fs.mkdirSync(folder, { recursive: true })
  removeStalePartials(folder, now)
  const partial = target + PARTIAL
  try {
    await db.backup(partial)
    settleCopy(partial)
    fs.renameSync(partial, target)
  } catch (error) {
    for (const suffix of ['', ...COMPANIONS]) fs.rmSync(partial + suffix, { force: true })
    throw error
  }
}

/**
 * A copy made from a WAL database keeps its WAL mode, with which merely reading it would leave -wal and
 * -shm files beside it; a backup is a single self-contained file, and one that fails its check is none.
 */
function settleCopy(copyFile: string): void {
  const copy = new Database(copyFile)
  try {
    copy.pragma('journal_mode = DELETE')
    const check = copy.prepare('PRAGMA quick_check(20)').pluck().all() as string[]
    if (check.length !== 1 || check[0] !== 'ok')
      throw new Error(`the copy fails its check: ${check.join('; ')}`)
  } finally {
    copy.close()
  }
}

/**
 * Copies the open database into the backups folder with SQLite's online backup API, unless a backup
 * from the same local day exists, then keeps only the newest {@link BACKUPS_KEPT} daily ones. The copy
 * is written under a temporary name and renamed once complete and checked.
 *
 * The backup runs in steps between other work on the event loop, so callers may await it (the browser
 * host does, so that its first answer lists it) or leave it running and report its failure (the desktop
 * app does, so that its window is not held up by a large database). Closing `db` meanwhile abandons the
 * copy; its partial file is removed then, or by a later backup once stale.
 *
 * @returns the new backup's file name, or null when today's exists.
 */
export async function backupOnOpen(db: Db, file: string, now = new Date()): Promise<string | null> {
  const stamp = stampOf(now)
  if (dailyBackups(file).some((b) => b.stamp.slice(0, 8) === stamp.slice(0, 8))) return null
  const name = backupName(file, 'daily', now)
  await copyOpenDatabase(db, path.join(backupFolderOf(file), name), now)
  for (const old of dailyBackups(file).slice(BACKUPS_KEPT)) fs.rmSync(old.path, { force: true })
  return name
}

/**
 * "Back up now": a copy of the open database taken whatever the day's backups, named
 * `<db>-manual-<stamp>.sqlite` and kept until removed by hand (the daily ones are pruned, these are not).
 */
export async function backUpNow(db: Db, file: string, now = new Date()): Promise<BackupInfo> {
  const name = backupName(file, 'manual', now)
  const target = path.join(backupFolderOf(file), name)
  if (fs.existsSync(target))
    throw new UserError('conflict', `a backup named ${name} was taken this second; try again`)
  await copyOpenDatabase(db, target, now)
  const made = foundBackups(file).find((b) => b.name === name)
  if (!made) throw new Error(`the backup ${name} is not where it was written`)
  return describeBackup(made, liveEpisodes(file))
}

interface EpisodeStamp {
  id: string
  updated_at: string
}

/** Each episode's id and last change, read-only; null when the file cannot be read. */
function episodeStamps(file: string): EpisodeStamp[] | null {
  if (!fs.existsSync(file)) return []
  try {
    const db = openReadOnly(file)
    try {
      return db.prepare('SELECT id, updated_at FROM episodes').all() as EpisodeStamp[]
    } finally {
      db.close()
    }
  } catch {
    return null
  }
}

const liveEpisodes = (file: string): EpisodeStamp[] | null => episodeStamps(file)

/** What restoring a backup holding `then` would undo in a database holding `now`. */
function sinceThen(then: EpisodeStamp[], now: EpisodeStamp[]): NonNullable<BackupInfo['sinceThen']> {
  const before = new Map(then.map((e) => [e.id, e.updated_at]))
  const current = new Set(now.map((e) => e.id))
  let created = 0
  let changed = 0
  for (const e of now) {
    const was = before.get(e.id)
    if (was === undefined) created++
    else if (was !== e.updated_at) changed++
  }
  const removed = then.filter((e) => !current.has(e.id)).length
  return { created, changed, removed }
}

function describeBackup(b: FoundBackup, live: EpisodeStamp[] | null): BackupInfo {
  const episodes = episodeStamps(b.path)
  return {
    file: b.name,
    kind: b.kind,
    takenAt: b.takenAt.toISOString(),
    sizeBytes: fs.statSync(b.path).size,
    episodes: episodes ? episodes.length : null,
    sinceThen: episodes && live ? sinceThen(episodes, live) : null,
  }
}

/**
 * Every backup of the database `file`, newest first: the daily ones, those taken by hand, and each
 * database a restore replaced. Each is opened read-only to count its episodes and to say what restoring
 * it would undo in the current database.
 */
export function listBackups(file: string): BackupInfo[] {
  const live = liveEpisodes(file)
  return foundBackups(file).map((b) => describeBackup(b, live))
}

/** A name nothing has yet, so that a copy put there never overwrites one. */
function freeName(folder: string, stem: string): string {
  // The name itself, its companions and any copy of it under way (a restore's bears its process id).
  const present = fs.existsSync(folder) ? fs.readdirSync(folder) : []
  for (let n = 1; ; n++) {
    const name = `${stem}${n === 1 ? '' : `-${n}`}.sqlite`
    if (!present.some((p) => p.startsWith(name))) return name
  }
}

const megabytes = (bytes: number): string => `${(bytes / 1024 ** 2).toFixed(1)} MB`

/** The bytes free to this user on the file system holding `folder`. */
const freeBytesOf = (folder: string): number => {
  const { bavail, bsize } = fs.statfsSync(folder)
  return bavail * bsize
}

/** Refuses, before anything is written, a restore the disk has no room for. */
function checkFreeSpace(folder: string, needed: number, freeBytes = freeBytesOf): void {
  const free = freeBytes(folder)
  if (free < needed)
    throw new UserError(
      'invalid-input',
      `there is not enough free disk space to restore: it needs ${megabytes(needed)} (the backup copied in, ` +
        `the current database kept aside) and ${megabytes(free)} is free; nothing was changed`,
    )
}

/**
 * The backup, copied beside it under a temporary name, brought to this app's schema and checked: what
 * a restore puts in place. A backup from a newer app is refused here, before anything else is touched.
 * Its pages are what the restore copies, so it is given the live database's page size (SQLite cannot
 * change a WAL database's) and its references are checked here, while nothing else is held.
 */
function prepareIncoming(backup: FoundBackup, pageSize: number | null): string {
  const incoming = restorePartial(backup.path)
  for (const suffix of ['', ...COMPANIONS]) fs.rmSync(incoming + suffix, { force: true })
  try {
    fs.copyFileSync(backup.path, incoming)
    // A database an earlier version moved aside whole kept its -wal beside it: its last edits are there.
    if (fs.existsSync(`${backup.path}-wal`)) fs.copyFileSync(`${backup.path}-wal`, `${incoming}-wal`)
    const db = openDatabase(incoming)
    try {
      const problems = db.pragma('foreign_key_check') as unknown[]
      if (problems.length > 0) throw new Error(`the backup's rows break ${problems.length} references`)
    } finally {
      db.close()
    }
    settleCopy(incoming)
    if (pageSize !== null) {
      const copy = new Database(incoming)
      try {
        if (copy.pragma('page_size', { simple: true }) !== pageSize) {
          copy.pragma(`page_size = ${pageSize}`)
          copy.exec('VACUUM')
        }
      } finally {
        copy.close()
      }
    }
    return incoming
  } catch (error) {
    for (const suffix of ['', ...COMPANIONS]) fs.rmSync(incoming + suffix, { force: true })
    throw error
  }
}

/** Pages copied between two turns of the event loop: 4 MB, a few milliseconds of writing. */
const PAGES_PER_STEP = 1024

/**
 * Replaces the content of the sound database `live` by that of `incoming`, page for page with SQLite's
 * backup API, in one write transaction on the file itself: at every instant the file is a complete
 * database, the old one or the restored one, whatever kills the process (SQLite drops a transaction
 * that did not commit the next time anything reads the file). The file ends as large as the backup
 * (rows deleted and inserted anew would leave the old pages free inside it: a restore grew a library
 * from 311 to 789 MB in five), and the backup's search index comes with it rather than being rebuilt.
 * The file itself stays where it is, so every other process that has it open (a second host, the app
 * beside the browser host) reads and writes the restored database from its next transaction on:
 * nothing it is answered `ok` for can go to a file nobody shows. The database being replaced is copied
 * aside to `aside` once the copy holds the write lock, so that no edit made meanwhile falls between the
 * copy aside and the restore. The copy runs in steps, between which the event loop turns.
 */
async function replaceContent(
  live: string,
  incoming: string,
  aside: string,
  progress: (fraction: number) => void,
): Promise<void> {
  const source = new Database(incoming)
  try {
    // Another writer's transaction under way: the first step finds the file locked and is tried again.
    for (let attempt = 0; ; attempt++) {
      let locked = false
      const done = await source.backup(live, {
        progress: ({ totalPages, remainingPages }) => {
          if (!locked) {
            // Called only once a step held the destination's write lock, which it keeps to the end.
            locked = true
            keepAside(live, aside)
            passVersions(live, source)
          }
          progress((totalPages - remainingPages) / totalPages)
          return PAGES_PER_STEP
        },
      })
      // A first step that found the file locked reports nothing to copy, which is not a restore.
      if (locked && done.totalPages > 0) break
      if (attempt * 20 > busyTimeoutMs()) throw new UserError('busy', `${DATABASE_BUSY}; nothing was changed`)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  } finally {
    source.close()
  }
  const db = new Database(live)
  try {
    db.pragma(`busy_timeout = ${busyTimeoutMs()}`)
    // Written back into the file, which shrinks to the restored database's size.
    db.pragma('wal_checkpoint(TRUNCATE)')
  } catch {
    // Another process reading holds the WAL; it is written back at a later checkpoint.
  } finally {
    db.close()
  }
}

/**
 * The live database, as last committed, copied whole to `aside` by a connection of its own (the
 * restore's holds the write lock, so nothing can change it meanwhile).
 */
function keepAside(live: string, aside: string): void {
  const partial = restorePartial(aside)
  try {
    const reader = new Database(live, { readonly: true, fileMustExist: true })
    try {
      reader.prepare('VACUUM INTO ?').run(partial)
    } finally {
      reader.close()
    }
    settleCopy(partial)
    fs.renameSync(partial, aside)
  } catch (error) {
    for (const suffix of ['', ...COMPANIONS]) fs.rmSync(partial + suffix, { force: true })
    throw error
  }
}

/**
 * Each table's version in the restored database past every version anyone has seen of the live file,
 * so that no process keeps a part of the old database's view (the versions key the views' parts). The
 * source is written through the backup's own connection, which SQLite carries into the copy.
 */
function passVersions(live: string, source: Database.Database): void {
  const reader = new Database(live, { readonly: true, fileMustExist: true })
  let seen: { name: string; version: number }[]
  try {
    seen = reader.prepare('SELECT name, version FROM table_versions').all() as typeof seen
  } finally {
    reader.close()
  }
  const bump = source.prepare('UPDATE table_versions SET version = max(version, ?) + 1 WHERE name = ?')
  source.transaction(() => {
    for (const { name, version } of seen) bump.run(version, name)
  })()
}

/**
 * Only the newest database a restore replaced is kept: each is a whole library, and every restore
 * (one killed midway too) would otherwise leave one more. Removed only once the restore that kept
 * `kept` has committed, so the one being restored is never lost with it.
 */
function removeOlderAside(file: string, kept: string): void {
  for (const old of foundBackups(file)) {
    if (old.kind !== 'before-restore' || old.name === kept) continue
    for (const suffix of ['', ...COMPANIONS]) fs.rmSync(old.path + suffix, { force: true })
  }
}

/**
 * A damaged (or unreadable) database cannot be rewritten from inside: its files are kept aside as found
 * (a second name for each, so that a process still writing to them writes into the copy kept, or a
 * byte copy where the file system has no hard links), its -wal and -shm names freed (a stale WAL beside
 * the restored file would be applied to it), and the restored file renamed over it, which is atomic.
 */
function replaceDamaged(live: string, incoming: string, aside: string): void {
  for (const suffix of ['', ...COMPANIONS]) {
    if (!fs.existsSync(live + suffix)) continue
    try {
      fs.linkSync(live + suffix, aside + suffix)
    } catch {
      fs.copyFileSync(live + suffix, aside + suffix)
    }
  }
  for (const suffix of COMPANIONS) fs.rmSync(live + suffix, { force: true })
  fs.renameSync(incoming, live)
}

/** The steps of a restore, as fractions of its whole: what a window's progress bar shows. */
const CHECKED = 0.1
const PREPARED = 0.3
const COPIED = 0.9

/** A live database's page size, which the restored pages must have; null when it cannot be read. */
function pageSizeOf(file: string): number | null {
  try {
    const db = openReadOnly(file)
    try {
      return db.pragma('page_size', { simple: true }) as number
    } finally {
      db.close()
    }
  } catch {
    return null
  }
}

/** Restores under way in this process, on this thread or another: their partial copies are not stale. */
let restoresUnderWay = 0

/** Runs `restore` counted as a restore under way in this process (see {@link processGone}). */
export async function whileRestoring<T>(restore: () => Promise<T>): Promise<T> {
  restoresUnderWay++
  try {
    return await restore()
  } finally {
    restoresUnderWay--
  }
}

export interface RestoreOptions {
  now?: Date
  /** The free space of a folder's disk, for a test to set: making a full disk takes root. */
  freeBytes?: (folder: string) => number
  /** Told how far the restore is, from 0 to 1, at each of its steps and as its pages are copied. */
  progress?: (fraction: number) => void
}

/**
 * Puts the backup named `backupName` (any listed one) in place of the database `file`. The backup is
 * copied and checked first, and the disk's free space, before anything is changed. The database being
 * replaced is kept: copied to `<basename>-before-restore-<stamp>.sqlite` in the backups folder, where
 * it is listed as a backup like any other, and the one an earlier restore kept is removed once this one
 * has committed (each is a whole library: one is kept).
 *
 * Its checks and copies are synchronous SQLite work of seconds on a large library: a process that
 * answers windows runs it on a worker thread (see restoreOffThread.ts).
 */
export function restoreBackup(
  file: string,
  backupName: string,
  options: RestoreOptions = {},
): Promise<RestoreOutcome> {
  return whileRestoring(() => restoreNow(file, backupName, options))
}

async function restoreNow(
  file: string,
  backupName: string,
  options: RestoreOptions,
): Promise<RestoreOutcome> {
  const progress = options.progress ?? (() => undefined)
  progress(0)
  const backup = foundBackups(file).find((b) => b.name === backupName)
  if (!backup) throw new UserError('not-found', `there is no backup named ${backupName}`)
  const before = checkDatabase(backup.path, { thorough: true })
  if (!before.ok)
    throw new UserError(
      'invalid-input',
      `the backup ${backupName} is damaged (${before.problem}); nothing was changed`,
    )
  progress(CHECKED)
  const folder = backupFolderOf(file)
  const live = path.resolve(file)
  const liveSize = fs.existsSync(live)
    ? ['', '-wal'].reduce((sum, s) => sum + (fs.existsSync(live + s) ? fs.statSync(live + s).size : 0), 0)
    : 0
  // The backup copied beside it, then again through the WAL, and the current database kept aside.
  checkFreeSpace(folder, 2 * fs.statSync(backup.path).size + liveSize, options.freeBytes)
  const sound = fs.existsSync(live) && checkDatabase(live).ok && databaseFileKind(live).kind === 'episcore'
  const incoming = prepareIncoming(backup, sound ? pageSizeOf(live) : null)
  progress(PREPARED)
  try {
    const keptAside = fs.existsSync(live)
      ? freeName(folder, `${baseNameOf(file)}-before-restore-${stampOf(options.now ?? new Date())}`)
      : null
    if (!keptAside) {
      fs.renameSync(incoming, live)
      progress(1)
      return { restored: true, keptAside }
    }
    const aside = path.join(folder, keptAside)
    if (sound)
      await replaceContent(live, incoming, aside, (copied) =>
        progress(PREPARED + copied * (COPIED - PREPARED)),
      )
    else replaceDamaged(live, incoming, aside)
    removeOlderAside(file, keptAside)
    progress(1)
    return { restored: true, keptAside }
  } finally {
    for (const suffix of ['', ...COMPANIONS]) fs.rmSync(incoming + suffix, { force: true })
  }
}
