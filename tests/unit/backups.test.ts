import Database from 'better-sqlite3'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  BACKUP_FOLDER,
  backupFolderOf,
  backupOnOpen,
  backUpNow,
  checkDatabase,
  listBackups,
  restoreBackup,
} from '../../src/core/db/backups'
import { openDatabase, type Db } from '../../src/core/db/openDatabase'
import { listEpisodes } from '../../src/core/episodes/episodeQueries'
import { loadEpisodeDocument } from '../../src/core/load/loadEpisode'
import { machineEpisode } from '../machineEpisode'
import { tempFolder } from '../tempFolder'

const day = (d: number, hours = 9): Date => new Date(2025, 4, d, hours, 30, 15)

/** A database with the given episodes, still open. */
function databaseWith(...ids: string[]): { file: string; db: Db } {
  const file = path.join(tempFolder(), 'episcore.sqlite')
  const db = openDatabase(file)
  for (const id of ids) loadEpisodeDocument(db, machineEpisode(id))
  return { file, db }
}

const episodeIds = (file: string): string[] => {
  const db = openDatabase(file, { readOnly: true })
  try {
    return listEpisodes(db)
      .map((e) => e.id)
      .sort()
  } finally {
    db.close()
  }
}

const folderOf = (file: string): string[] => fs.readdirSync(backupFolderOf(file)).sort()

/** Overwrites `bytes.length` bytes at `offset` of a file, as a failing disk or a stray write would. */
function scribble(file: string, offset: number, bytes: Buffer): void {
  const fd = fs.openSync(file, 'r+')
  try {
    fs.writeSync(fd, bytes, 0, bytes.length, offset)
  } finally {
    fs.closeSync(fd)
  }
}

describe('daily backups', () => {
  it('writes one backup a day beside the database, none on a second open that day, one the next day', async () => {
    const { file, db } = databaseWith('one')
    expect(await backupOnOpen(db, file, day(10))).toBe('episcore-20250510-093015.sqlite')
    expect(path.dirname(backupFolderOf(file))).toBe(path.dirname(file))
    expect(path.basename(backupFolderOf(file))).toBe(BACKUP_FOLDER)
    expect(await backupOnOpen(db, file, day(10, 23))).toBeNull()
    expect(folderOf(file)).toEqual(['episcore-20250510-093015.sqlite'])
    expect(await backupOnOpen(db, file, day(11, 0))).toBe('episcore-20250511-003015.sqlite')
    db.close()
    expect(listBackups(file).map((b) => b.file)).toEqual([
      'episcore-20250511-003015.sqlite',
      'episcore-20250510-093015.sqlite',
    ])
  })

  it('keeps only the newest 7', async () => {
    const { file, db } = databaseWith('one')
    for (let d = 1; d <= 10; d++) await backupOnOpen(db, file, day(d))
    db.close()
    const kept = listBackups(file)
    expect(kept.map((b) => b.takenAt)).toEqual([10, 9, 8, 7, 6, 5, 4].map((d) => day(d).toISOString()))
    expect(folderOf(file)).toHaveLength(7)
  })

  it('writes complete SQLite files holding the same episodes, read without leaving files beside them', async () => {
    const { file, db } = databaseWith('one', 'two')
    await backupOnOpen(db, file, day(10))
    db.close()
    const [backup, ...others] = listBackups(file)
    expect(others).toEqual([])
    expect(backup).toMatchObject({ episodes: 2, takenAt: day(10).toISOString() })
    const copy = path.join(backupFolderOf(file), backup?.file ?? '')
    expect(backup?.sizeBytes).toBe(fs.statSync(copy).size)
    expect(checkDatabase(copy, { thorough: true })).toEqual({ ok: true })
    const raw = new Database(copy, { readonly: true })
    expect(raw.prepare('SELECT id FROM episodes ORDER BY id').pluck().all()).toEqual(['one', 'two'])
    raw.close()
    // No -wal or -shm: a backup is one self-contained file.
    expect(folderOf(file)).toEqual([backup?.file])
  })

  it('copies the database while it is being written to', async () => {
    const { file, db } = databaseWith('one', 'two')
    // Bulk, so that the copy takes several turns of the event loop (100 pages each).
    db.prepare(`INSERT INTO settings (key, value) VALUES ('padding', hex(randomblob(1000000)))`).run()
    expect(db.pragma('page_count', { simple: true })).toBeGreaterThan(400)
    const running = backupOnOpen(db, file, day(10))
    const partial = path.join(backupFolderOf(file), 'episcore-20250510-093015.sqlite.partial')
    while (!fs.existsSync(partial)) await new Promise((resolve) => setImmediate(resolve))
    loadEpisodeDocument(db, machineEpisode('written-meanwhile'))
    await running
    db.close()
    const [backup] = listBackups(file)
    // Written through the connection being copied, so the copy has it too.
    expect(backup?.episodes).toBe(3)
    expect(checkDatabase(path.join(backupFolderOf(file), backup?.file ?? ''), { thorough: true })).toEqual({
      ok: true,
    })
  })

  it('ignores a half-written backup, and clears one left by a crash long ago', async () => {
    const { file, db } = databaseWith('one')
    const folder = backupFolderOf(file)
    fs.mkdirSync(folder)
    const fresh = path.join(folder, 'episcore-20250510-080000.sqlite.partial')
    const stale = path.join(folder, 'episcore-20250509-080000.sqlite.partial')
    fs.writeFileSync(fresh, 'SQLite format 3\0 and then nothing')
    fs.writeFileSync(stale, 'SQLite format 3\0 and then nothing')
    fs.utimesSync(stale, day(9), day(9))
    fs.utimesSync(fresh, day(10, 9), day(10, 9))
    expect(listBackups(file)).toEqual([])
    // The half-written one from this morning does not count as today's backup.
    expect(await backupOnOpen(db, file, day(10))).not.toBeNull()
    db.close()
    expect(listBackups(file).map((b) => b.file)).toEqual(['episcore-20250510-093015.sqlite'])
    expect(fs.existsSync(stale)).toBe(false)
    expect(fs.existsSync(fresh)).toBe(true)
  })

  it('leaves no file behind when the backup is cut short', async () => {
    const { file, db } = databaseWith('one')
    const running = backupOnOpen(db, file, day(10))
    db.close()
    await expect(running).rejects.toThrow(/not open/)
    expect(folderOf(file)).toEqual([])
    expect(listBackups(file)).toEqual([])
  })
})

describe('restoring a backup', () => {
  it('keeps the database it replaces as a backup listed like any other, and brings the backup’s data back', async () => {
    const { file, db } = databaseWith('one', 'two')
    await backupOnOpen(db, file, day(10))
    loadEpisodeDocument(db, machineEpisode('three'))
    db.close()
    const [backup] = listBackups(file)
    expect(backup).toMatchObject({ kind: 'daily', sinceThen: { created: 1, changed: 0, removed: 0 } })

    const outcome = await restoreBackup(file, backup?.file ?? '', { now: day(11) })

    expect(outcome).toEqual({ restored: true, keptAside: 'episcore-before-restore-20250511-093015.sqlite' })
    expect(episodeIds(file)).toEqual(['one', 'two'])
    const aside = path.join(backupFolderOf(file), outcome.keptAside ?? '')
    expect(episodeIds(aside)).toEqual(['one', 'three', 'two'])
    expect(checkDatabase(aside, { thorough: true })).toEqual({ ok: true })
    // Offered for a restore like any backup (restoring it would bring 'three' back); pruning never reaches it.
    expect(listBackups(file).map((b) => [b.file, b.kind, b.episodes, b.sinceThen])).toEqual([
      [outcome.keptAside, 'before-restore', 3, { created: 0, changed: 0, removed: 1 }],
      [backup?.file, 'daily', 2, { created: 0, changed: 0, removed: 0 }],
    ])
    // The copy is one self-contained file, and no partial copy is left.
    expect(folderOf(file)).toEqual([outcome.keptAside, backup?.file].sort())
    expect(checkDatabase(file, { thorough: true })).toEqual({ ok: true })
    // And back again: the replaced database restores as well.
    await restoreBackup(file, outcome.keptAside ?? '', { now: day(12) })
    expect(episodeIds(file)).toEqual(['one', 'three', 'two'])
  })

  it('lists and restores a database an earlier version moved aside with its -wal, edits in the WAL included', async () => {
    const { file, db } = databaseWith('one')
    db.pragma('wal_autocheckpoint = 0')
    loadEpisodeDocument(db, machineEpisode('in-the-wal'))
    // Moved aside while open, as the earlier restore moved a database and its -wal.
    const aside = path.join(backupFolderOf(file), 'episcore-before-restore-20250509-120000.sqlite')
    fs.mkdirSync(backupFolderOf(file))
    for (const suffix of ['', '-wal']) fs.copyFileSync(file + suffix, aside + suffix)
    db.close()
    expect(listBackups(file)).toEqual([
      expect.objectContaining({ file: path.basename(aside), kind: 'before-restore', episodes: 2 }),
    ])
    await restoreBackup(file, path.basename(aside), { now: day(11) })
    expect(episodeIds(file)).toEqual(['in-the-wal', 'one'])
  })

  it('never lets a leftover -wal meet the restored database', async () => {
    const { file, db } = databaseWith('one')
    await backupOnOpen(db, file, day(10))
    db.close()
    const [backup] = listBackups(file)
    fs.writeFileSync(`${file}-wal`, 'the rest of a crashed session')
    await restoreBackup(file, backup?.file ?? '', { now: day(11) })
    expect(fs.existsSync(`${file}-wal`) && fs.readFileSync(`${file}-wal`, 'utf8').includes('crashed')).toBe(
      false,
    )
    expect(checkDatabase(file, { thorough: true })).toEqual({ ok: true })
    expect(episodeIds(file)).toEqual(['one'])
  })

  it('takes a backup by hand whatever the day’s, named apart and never pruned', async () => {
    const { file, db } = databaseWith('one')
    await backupOnOpen(db, file, day(10))
    const made = await backUpNow(db, file, day(10, 15))
    for (let d = 11; d <= 20; d++) await backupOnOpen(db, file, day(d))
    db.close()
    expect(made).toMatchObject({
      file: 'episcore-manual-20250510-153015.sqlite',
      kind: 'manual',
      episodes: 1,
    })
    const listed = listBackups(file)
    expect(listed.filter((b) => b.kind === 'daily')).toHaveLength(7)
    expect(listed.find((b) => b.kind === 'manual')?.file).toBe(made.file)
  })

  it('restores a backup under a connection left open, which reads the restored database at once', async () => {
    const { file, db } = databaseWith('one', 'two')
    await backupOnOpen(db, file, day(10))
    loadEpisodeDocument(db, machineEpisode('three'))
    const [backup] = listBackups(file)
    await restoreBackup(file, backup?.file ?? '', { now: day(11) })
    expect(
      listEpisodes(db)
        .map((e) => e.id)
        .sort(),
    ).toEqual(['one', 'two'])
    loadEpisodeDocument(db, machineEpisode('after'))
    db.close()
    expect(episodeIds(file)).toEqual(['after', 'one', 'two'])
  })

  it('refuses names that are not listed backups, and damaged backups, changing nothing', async () => {
    const { file, db } = databaseWith('one')
    await backupOnOpen(db, file, day(10))
    db.close()
    const before = fs.readFileSync(file)
    for (const name of ['../episcore.sqlite', 'episcore.sqlite', 'episcore-20250511-093015.sqlite'])
      await expect(restoreBackup(file, name)).rejects.toThrow(/there is no backup named/)
    const [backup] = listBackups(file)
    scribble(path.join(backupFolderOf(file), backup?.file ?? ''), 0, Buffer.alloc(100, 0x41))
    expect(listBackups(file)[0]?.episodes).toBeNull()
    await expect(restoreBackup(file, backup?.file ?? '')).rejects.toThrow(/is damaged .*nothing was changed/)
    expect(fs.readFileSync(file).equals(before)).toBe(true)
    expect(folderOf(file)).toEqual([backup?.file])
  })
})

describe('checking the database before it is opened', () => {
  it('passes a sound database and a missing one', () => {
    const { file, db } = databaseWith('one')
    db.close()
    expect(checkDatabase(file)).toEqual({ ok: true })
    expect(checkDatabase(file, { thorough: true })).toEqual({ ok: true })
    expect(checkDatabase(path.join(tempFolder(), 'new.sqlite'))).toEqual({ ok: true })
  })

  it('passes a database whose last session crashed before its WAL was written back', () => {
    const { file, db } = databaseWith()
    db.pragma('wal_autocheckpoint = 0')
    loadEpisodeDocument(db, machineEpisode('in-the-wal'))
    // Copied while still open: what a crash leaves on disk.
    const crashed = path.join(tempFolder(), 'episcore.sqlite')
    for (const suffix of ['', '-wal']) fs.copyFileSync(file + suffix, crashed + suffix)
    db.close()
    expect(fs.statSync(`${crashed}-wal`).size).toBeGreaterThan(0)
    expect(checkDatabase(crashed)).toEqual({ ok: true })
    expect(episodeIds(crashed)).toEqual(['in-the-wal'])
  })

  const damaged: [string, (file: string) => void][] = [
    ['garbage over its header', (f) => scribble(f, 0, Buffer.alloc(4096, 0x41))],
    ['garbage inside', (f) => scribble(f, 4096 * 3, Buffer.alloc(4096 * 2, 0x41))],
    ['a truncated file', (f) => fs.truncateSync(f, Math.floor(fs.statSync(f).size / 2))],
    ['not a database at all', (f) => fs.writeFileSync(f, 'my shopping list\n')],
  ]
  it.each(damaged)('reports %s and leaves the file byte for byte as found', (_, damage) => {
    const { file, db } = databaseWith('one', 'two', 'three')
    db.close()
    damage(file)
    const found = fs.readFileSync(file)
    const check = checkDatabase(file)
    expect(check.ok).toBe(false)
    expect(check.ok ? '' : check.problem).toMatch(/malformed|not a database|corrupt|page|tree/i)
    expect(fs.readFileSync(file).equals(found)).toBe(true)
  })
})
