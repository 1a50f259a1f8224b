import Database from 'better-sqlite3'
import fs from 'node:fs'
import path from 'node:path'
import type { BackupInfo, RestoreOutcome } from '../../shared/contract'
import { UserError } from '../errors'
import type { Db } from './openDatabase'

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

export const backupFolderOf = (file: string): string =>
  path.join(path.dirname(path.resolve(file)), BACKUP_FOLDER)

const baseNameOf = (file: string): string => path.basename(file, path.extname(file))

const two = (n: number): string => String(n).padStart(2, '0')

/** Local time, so that "once a day" means the editor's day. */
const stampOf = (d: Date): string =>
  `${d.getFullYear()}${two(d.getMonth() + 1)}${two(d.getDate())}-` +
  `${two(d.getHours())}${two(d.getMinutes())}${two(d.getSeconds())}`

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

interface DailyBackup {
  name: string
  path: string
  stamp: string
  takenAt: Date
}

/** The finished daily backups of `file`, newest first, read from their names. */
function dailyBackups(file: string): DailyBackup[] {
  const folder = backupFolderOf(file)
  const pattern = new RegExp(
    `^${escapeRegExp(baseNameOf(file))}-(\\d{4})(\\d{2})(\\d{2})-(\\d{2})(\\d{2})(\\d{2})\\.sqlite$`,
  )
  let names: string[]
  try {
    names = fs.readdirSync(folder)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  }
  const found: DailyBackup[] = []
  for (const name of names) {
    const m = pattern.exec(name)
    if (!m) continue
    const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number]
    found.push({
      name,
      path: path.join(folder, name),
      stamp: name.slice(-'YYYYMMDD-HHMMSS.sqlite'.length, -'.sqlite'.length),
      takenAt: new Date(y, mo - 1, d, h, mi, s),
    })
  }
  return found.sort((a, b) => (a.stamp < b.stamp ? 1 : a.stamp > b.stamp ? -1 : 0))
}

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
    try {
      if (now.getTime() - fs.statSync(file).mtimeMs > STALE_PARTIAL_MS) fs.rmSync(file, { force: true })
    } catch {
      // Gone meanwhile, or not ours to remove: either way not worth failing a backup for.
    }
  }
}

/**
 * Copies the open database into the backups folder with SQLite's online backup API, unless a backup
 * from the same local day exists, then keeps only the newest {@link BACKUPS_KEPT}. The copy is written
 * under a temporary name and renamed once complete and checked.
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
  const folder = backupFolderOf(file)
  fs.mkdirSync(folder, { recursive: true })
  removeStalePartials(folder, now)
  const name = `${baseNameOf(file)}-${stamp}.sqlite`
  const partial = path.join(folder, name + PARTIAL)
  try {
    await db.backup(partial)
    const copy = new Database(partial)
    try {
      // The copy keeps the live database's WAL mode, with which merely reading it would leave -wal and
      // -shm files beside it; a backup is a single self-contained file.
      copy.pragma('journal_mode = DELETE')
      const check = copy.prepare('PRAGMA quick_check(20)').pluck().all() as string[]
      if (check.length !== 1 || check[0] !== 'ok')
        throw new Error(`the copy fails its check: ${check.join('; ')}`)
    } finally {
      copy.close()
    }
    fs.renameSync(partial, path.join(folder, name))
  } catch (error) {
    for (const suffix of ['', ...COMPANIONS]) fs.rmSync(partial + suffix, { force: true })
    throw error
  }
  for (const old of dailyBackups(file).slice(BACKUPS_KEPT)) fs.rmSync(old.path, { force: true })
  return name
}

function countEpisodes(file: string): number | null {
  try {
    const db = openReadOnly(file)
    try {
      return db.prepare('SELECT count(*) FROM episodes').pluck().get() as number
    } finally {
      db.close()
    }
  } catch {
    return null
  }
}

/** The daily backups of the database `file`, newest first, each opened read-only to count its episodes. */
export function listBackups(file: string): BackupInfo[] {
  return dailyBackups(file).map((b) => ({
    file: b.name,
    takenAt: b.takenAt.toISOString(),
    sizeBytes: fs.statSync(b.path).size,
    episodes: countEpisodes(b.path),
  }))
}

/** A name nothing has yet, so that moving a file there never overwrites one. */
function freeName(folder: string, stem: string): string {
  for (let n = 1; ; n++) {
    const name = `${stem}${n === 1 ? '' : `-${n}`}.sqlite`
    const taken = ['', ...COMPANIONS].some((s) => fs.existsSync(path.join(folder, name + s)))
    if (!taken) return name
  }
}

function moveDatabase(from: string, to: string): void {
  for (const suffix of ['', ...COMPANIONS])
    if (fs.existsSync(from + suffix)) fs.renameSync(from + suffix, to + suffix)
}

/**
 * Puts the daily backup named `backupName` in place of the database `file`, which the caller must have
 * closed. The database being replaced (with its -wal and -shm) is moved, never deleted, to
 * `<basename>-before-restore-<stamp>.sqlite` in the backups folder. The backup is checked before
 * anything moves, and the result after; a failure puts the replaced database back.
 */
export function restoreBackup(
  file: string,
  backupName: string,
  options: { now?: Date } = {},
): RestoreOutcome {
  const backup = dailyBackups(file).find((b) => b.name === backupName)
  if (!backup) throw new UserError('not-found', `there is no backup named ${backupName}`)
  const before = checkDatabase(backup.path, { thorough: true })
  if (!before.ok)
    throw new UserError(
      'invalid-input',
      `the backup ${backupName} is damaged (${before.problem}); nothing was changed`,
    )
  const folder = backupFolderOf(file)
  const live = path.resolve(file)
  const keptAside = fs.existsSync(live)
    ? freeName(folder, `${baseNameOf(file)}-before-restore-${stampOf(options.now ?? new Date())}`)
    : null
  const aside = keptAside && path.join(folder, keptAside)
  if (aside) moveDatabase(live, aside)
  const incoming = `${live}.restoring`
  try {
    fs.copyFileSync(backup.path, incoming)
    fs.renameSync(incoming, live)
    const after = checkDatabase(live, { thorough: true })
    if (!after.ok) throw new Error(`the restored copy fails its check: ${after.problem}`)
  } catch (error) {
    fs.rmSync(incoming, { force: true })
    // Only the copy of the backup is removed here; the editor's database goes back where it was.
    for (const suffix of ['', ...COMPANIONS]) fs.rmSync(live + suffix, { force: true })
    if (aside) moveDatabase(aside, live)
    throw error
  }
  return { restored: true, keptAside }
}
