import Database from 'better-sqlite3'
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { buildSync } from 'esbuild'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { backupFolderOf, backupOnOpen, listBackups, restoreBackup } from '../../src/core/db/backups'
import { openDatabase } from '../../src/core/db/openDatabase'
import { listEpisodes } from '../../src/core/episodes/episodeQueries'
import { loadEpisodeDocument } from '../../src/core/load/loadEpisode'
import { DatabaseSession } from '../../src/core/service/databaseSession'
import { FileRefs } from '../../src/core/service/fileRefs'
import { PeaksCache } from '../../src/core/media/peaksCache'
import { startHost, type RunningHost } from '../../src/host/startHost'
import type { Reply } from '../../src/shared/result'
import { episcore } from '../episcoreCli'
import { machineEpisode } from '../machineEpisode'
import { random } from '../seededRandom'
import { tempFolder } from '../tempFolder'

const ROOT = path.resolve(__dirname, '..', '..')
const BIN = path.join(ROOT, 'bin', 'episcore')

/** What `episcore list` reads: the file opened read-only, with no start (no check, no cleanup) run. */
const listedIds = (file: string): string[] => {
  const db = openDatabase(file, { readOnly: true })
  try {
    return listEpisodes(db)
      .map((e) => e.id)
      .sort()
  } finally {
    db.close()
  }
}

const integrity = (file: string): unknown => {
  const db = new Database(file, { readonly: true, fileMustExist: true })
  try {
    return db.pragma('integrity_check', { simple: true })
  } finally {
    db.close()
  }
}

/** A library padded so that copying it takes a while, with two daily backups: of two and three episodes. */
async function libraryWithTwoBackups(
  dir: string,
  padding = 1_500_000,
): Promise<{ file: string; a: string; b: string }> {
  const file = path.join(dir, 'episcore.sqlite')
  const db = openDatabase(file)
  loadEpisodeDocument(db, machineEpisode('one'))
  loadEpisodeDocument(db, machineEpisode('two'))
  db.prepare(`INSERT INTO settings (key, value) VALUES ('padding', hex(randomblob(?)))`).run(padding)
  const a = await backupOnOpen(db, file, new Date(2025, 4, 10, 9))
  loadEpisodeDocument(db, machineEpisode('three'))
  const b = await backupOnOpen(db, file, new Date(2025, 4, 11, 9))
  db.close()
  return { file, a: a ?? '', b: b ?? '' }
}

function bundle(entry: string): string {
  const outfile = path.join(tempFolder('episcore-crash-'), `${entry}.cjs`)
  buildSync({
    stdin: {
      contents: `import { main } from './${entry}'
main().catch((error) => { console.error(error); process.exit(1) })`,
      resolveDir: path.join(ROOT, 'tests', 'crash'),
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    packages: 'external',
    outfile,
    logLevel: 'error',
  })
  return outfile
}

describe('a restore killed at any moment', () => {
  const ROUNDS = 20
  let worker: string
  beforeAll(() => {
    worker = bundle('restoreWorker')
  })

  it(`leaves a complete database at the path, old or restored, through ${ROUNDS} SIGKILLs`, async () => {
    // Large enough that copying takes a good part of a restore: the moment the earlier restore left the path empty.
    const { file, a, b } = await libraryWithTwoBackups(tempFolder(), 2_500_000)
    const next = random(20_251_204)
    const sets = [JSON.stringify(['one', 'two']), JSON.stringify(['one', 'three', 'two'])]
    let restores = 0
    const seen = new Set<string>()
    let aside = 0
    for (let round = 0; round < ROUNDS; round++) {
      const child = spawn(process.execPath, [worker, file, a, b], {
        env: { ...process.env, NODE_PATH: path.join(ROOT, 'node_modules') },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      let stderr = ''
      child.stderr.on('data', (c: Buffer) => (stderr += c.toString()))
      // Killed from 0 to 2 s into the restores: each kill lands inside one, at any step of it.
      const killAfter = Math.floor(next() * 2000)
      child.stdout.on('data', (c: Buffer) => {
        const text = c.toString()
        if (text.includes('ready')) setTimeout(() => child.kill('SIGKILL'), killAfter)
        restores += text.split('restored').length - 1
      })
      const signal = await new Promise((resolve) => child.on('close', (_code, s) => resolve(s)))
      const where = `round ${round} (killed after ${killAfter} ms)`
      expect(signal, `${where}: ${stderr}`).toBe('SIGKILL')
      // Read as `episcore list` reads it, before anything has started on it.
      const found = JSON.stringify(listedIds(file))
      expect(sets, where).toContain(found)
      seen.add(found)
      expect(integrity(file), where).toBe('ok')
      // Every database a restore replaced is kept, whole, and listed for a restore.
      const replaced = listBackups(file).filter((x) => x.kind === 'before-restore')
      for (const kept of replaced) expect(kept.episodes, `${where}: ${kept.file}`).not.toBeNull()
      aside += replaced.length
      // Checked, then cleared, so that twenty rounds do not fill the disk with copies.
      for (const kept of replaced) fs.rmSync(path.join(backupFolderOf(file), kept.file))
    }
    // Not vacuous: restores completed, and kills left the path holding each of the two databases.
    expect(restores).toBeGreaterThan(0)
    expect([...seen].sort()).toEqual([...sets].sort())
    // And `episcore list` itself, a process of its own, reads what the last kill left.
    const listed = episcore(['--db', file, 'list'])
    expect(listed.code).toBe(0)
    expect(sets).toContain(
      JSON.stringify(
        listed.stdout
          .trim()
          .split('\n')
          .map((line) => line.split('\t')[0])
          .sort(),
      ),
    )
    expect(aside).toBeGreaterThan(0)
    // A start then opens it as it is.
    const session = new DatabaseSession(file, { files: new FileRefs(), peaks: new PeaksCache(tempFolder()) })
    expect(session.problem).toBeNull()
    session.close()
  }, 120_000)
})

describe('a start after a restore was killed', () => {
  it('removes the copies the killed restore left, whatever their age, and keeps those of a live process', async () => {
    const { file, a, b } = await libraryWithTwoBackups(tempFolder(), 2_500_000)
    const folder = backupFolderOf(file)
    const worker = bundle('restoreWorker')
    let left: string[] = []
    // Killed while a copy is being written; a kill that lands between copies is tried again.
    for (let attempt = 0; attempt < 10 && left.length === 0; attempt++) {
      const child = spawn(process.execPath, [worker, file, a, b], {
        env: { ...process.env, NODE_PATH: path.join(ROOT, 'node_modules') },
        stdio: ['ignore', 'ignore', 'pipe'],
      })
      const mark = `.restoring-${child.pid}.partial`
      const closed = new Promise((resolve) => child.on('close', resolve))
      const started = Date.now()
      while (Date.now() - started < 10_000 && !fs.readdirSync(folder).some((n) => n.includes(mark)))
        await new Promise((resolve) => setTimeout(resolve, 2))
      child.kill('SIGKILL')
      await closed
      left = fs.readdirSync(folder).filter((n) => n.includes(mark))
    }
    expect(left.length).toBeGreaterThan(0)
    // A restore under way in a process that still runs (this test's parent stands for it), and a
    // copy from before copies were named by process: left to the age rule, as they are fresh.
    const live = `episcore-20250510-090000.sqlite.restoring-${process.ppid}.partial`
    const unnamed = 'episcore-20250510-090000.sqlite.restoring.partial'
    for (const name of [live, unnamed]) fs.writeFileSync(path.join(folder, name), 'SQLite format 3\0')

    const session = new DatabaseSession(file, { files: new FileRefs(), peaks: new PeaksCache(tempFolder()) })
    expect(session.problem).toBeNull()
    session.close()
    const after = fs.readdirSync(folder)
    for (const name of left) expect(after).not.toContain(name)
    expect(after).toContain(live)
    expect(after).toContain(unnamed)
  }, 120_000)
})

describe('restores one after another', () => {
  const beforeRestore = (file: string): string[] =>
    listBackups(file)
      .filter((b) => b.kind === 'before-restore')
      .map((b) => b.file)

  it('give the space back: five leave the file no larger than the larger library, and keep one replaced copy', async () => {
    // Episodes rather than padding: their rows, indexes and search index are what a restore rewrites.
    const file = path.join(tempFolder(), 'episcore.sqlite')
    const db = openDatabase(file)
    for (let n = 0; n < 150; n++) loadEpisodeDocument(db, machineEpisode(`early-${n}`))
    const a = (await backupOnOpen(db, file, new Date(2025, 4, 10, 9))) ?? ''
    for (let n = 0; n < 150; n++) loadEpisodeDocument(db, machineEpisode(`late-${n}`))
    const b = (await backupOnOpen(db, file, new Date(2025, 4, 11, 9))) ?? ''
    db.close()
    const sizeOf = (f: string): number => fs.statSync(f).size
    const larger = Math.max(
      sizeOf(path.join(backupFolderOf(file), a)),
      sizeOf(path.join(backupFolderOf(file), b)),
    )
    for (let n = 0; n < 5; n++) {
      const backup = n % 2 === 0 ? a : b
      const outcome = await restoreBackup(file, backup, { now: new Date(2025, 4, 12, 9, n) })
      const onDisk = ['', '-wal'].reduce(
        (sum, s) => sum + (fs.existsSync(file + s) ? sizeOf(file + s) : 0),
        0,
      )
      expect(onDisk / larger, `restore ${n + 1}`).toBeLessThanOrEqual(1.2)
      expect(beforeRestore(file), `restore ${n + 1}`).toEqual([outcome.keptAside])
      expect(listedIds(file)).toHaveLength(backup === a ? 150 : 300)
      expect(integrity(file)).toBe('ok')
    }
    // The one kept is the database the last restore replaced, whole: restoring it brings it back.
    const [kept] = beforeRestore(file)
    await restoreBackup(file, kept ?? '', { now: new Date(2025, 4, 13, 9) })
    expect(listedIds(file)).toHaveLength(300)
    expect(beforeRestore(file)).toHaveLength(1)
  }, 120_000)

  it('keep one replaced copy when one of them was killed midway', async () => {
    const { file, a, b } = await libraryWithTwoBackups(tempFolder(), 2_500_000)
    const worker = bundle('restoreWorker')
    const folder = backupFolderOf(file)
    let killedWhileCopyingAside = false
    // Killed in its second restore (the first kept a copy aside), once that one holds the file and
    // is copying the database aside in turn.
    for (let attempt = 0; attempt < 10 && !killedWhileCopyingAside; attempt++) {
      const child = spawn(process.execPath, [worker, file, a, b], {
        env: { ...process.env, NODE_PATH: path.join(ROOT, 'node_modules') },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      let restored = 0
      child.stdout.on('data', (c: Buffer) => (restored += c.toString().split('restored').length - 1))
      const mark = new RegExp(`-before-restore-.*\\.restoring-${child.pid}\\.partial`)
      const closed = new Promise((resolve) => child.on('close', resolve))
      const started = Date.now()
      while (
        Date.now() - started < 10_000 &&
        !(restored === 1 && fs.readdirSync(folder).some((n) => mark.test(n)))
      )
        await new Promise((resolve) => setTimeout(resolve, 2))
      child.kill('SIGKILL')
      await closed
      killedWhileCopyingAside = restored === 1 && fs.readdirSync(folder).some((n) => mark.test(n))
    }
    expect(killedWhileCopyingAside).toBe(true)
    expect(beforeRestore(file).length).toBeLessThanOrEqual(1)
    // The next restore, at a start after the kill, leaves one: the database it replaced.
    const session = new DatabaseSession(file, { files: new FileRefs(), peaks: new PeaksCache(tempFolder()) })
    session.close()
    const outcome = await restoreBackup(file, a, { now: new Date(2025, 4, 12, 9) })
    expect(beforeRestore(file)).toEqual([outcome.keptAside])
    expect(fs.readdirSync(folder).filter((n) => n.includes('.partial'))).toEqual([])
    expect(listedIds(file)).toEqual(['one', 'two'])
  }, 120_000)
})

describe('a restore the disk has no room for', () => {
  let mountPoint = ''
  let mounted = false
  // A real small file system; mounting one needs root, so elsewhere this case is skipped.
  beforeAll(() => {
    mountPoint = tempFolder('episcore-small-disk-')
    mounted =
      process.platform === 'linux' &&
      spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', mountPoint]).status === 0
  })
  afterAll(() => {
    if (mounted) spawnSync('umount', [mountPoint])
  })

  it('is refused before anything is written, naming the space it needs', async (context) => {
    if (!mounted) context.skip('mounting a small file system needs root')
    const { file, a } = await libraryWithTwoBackups(mountPoint, 300_000)
    const before = fs.readFileSync(file)
    const backupsBefore = fs.readdirSync(backupFolderOf(file)).sort()
    await expect(restoreBackup(file, a)).rejects.toThrow(
      /not enough free disk space to restore: it needs \d+\.\d MB .* and \d+\.\d MB is free; nothing was changed/,
    )
    expect(fs.readFileSync(file).equals(before)).toBe(true)
    expect(fs.readdirSync(backupFolderOf(file)).sort()).toEqual(backupsBefore)
    expect(listedIds(file)).toEqual(['one', 'three', 'two'])
  })
})

describe('a restore the disk is said to have no room for', () => {
  it('is refused before anything moves, naming what it needs and what is free', async () => {
    const { file, a } = await libraryWithTwoBackups(tempFolder(), 300_000)
    const before = fs.readFileSync(file)
    const folder = backupFolderOf(file)
    const backupsBefore = fs.readdirSync(folder).sort()
    const besideBefore = fs.readdirSync(path.dirname(file)).sort()
    const asked: string[] = []
    const freeBytes = (at: string): number => {
      asked.push(at)
      return 1024 ** 2
    }
    await expect(restoreBackup(file, a, { freeBytes })).rejects.toThrow(
      /^there is not enough free disk space to restore: it needs \d+\.\d MB .* and 1\.0 MB is free; nothing was changed$/,
    )
    expect(asked).toEqual([folder])
    expect(fs.readFileSync(file).equals(before)).toBe(true)
    expect(fs.readdirSync(folder).sort()).toEqual(backupsBefore)
    expect(fs.readdirSync(path.dirname(file)).sort()).toEqual(besideBefore)
    expect(listedIds(file)).toEqual(['one', 'three', 'two'])
    // With the room it needs, the same restore goes through.
    expect((await restoreBackup(file, a, { freeBytes: () => Number.MAX_SAFE_INTEGER })).restored).toBe(true)
    expect(listedIds(file)).toEqual(['one', 'two'])
  })
})

describe('a restore while another process edits the same database', () => {
  let host: RunningHost | undefined
  let other: ReturnType<typeof spawn> | undefined
  afterEach(async () => {
    other?.kill('SIGTERM')
    await host?.close()
  })

  it('every edit the other process answers ok is in the database shown', async () => {
    const dir = tempFolder()
    const file = path.join(dir, 'episcore.sqlite')
    const db = openDatabase(file)
    loadEpisodeDocument(db, machineEpisode('one'))
    loadEpisodeDocument(db, machineEpisode('two'))
    db.close()
    host = await startHost({ databaseFile: file, rendererDir: dir })
    // The second host, a process of its own, as `episcore serve` runs it.
    other = spawn(BIN, ['--db', file, 'serve'], { stdio: ['ignore', 'pipe', 'inherit'] })
    const url = await new Promise<string>((resolve, reject) => {
      let out = ''
      other?.stdout?.on('data', (c: Buffer) => {
        out += c.toString()
        const m = /Episcore is at (\S+)/.exec(out)
        if (m?.[1]) resolve(m[1])
      })
      other?.on('close', () => reject(new Error(`the second host ended: ${out}`)))
    })
    const clientOf = async (entryUrl: string) => {
      const entry = await fetch(entryUrl, { redirect: 'manual' })
      const cookie = (entry.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
      const origin = new URL(entryUrl).origin
      return async (method: string, request: unknown = {}): Promise<Reply<unknown>> =>
        (await (
          await fetch(`${origin}/api/${method}`, {
            method: 'POST',
            headers: { cookie, 'content-type': 'application/json' },
            body: JSON.stringify(request),
          })
        ).json()) as Reply<unknown>
    }
    const restorer = await clientOf(host.url)
    const editor = await clientOf(url)
    const listed = (await restorer('backups.list')) as Reply<{ file: string }[]>
    if (!listed.ok) throw new Error(listed.error.message)
    const backupFile = listed.value[0]?.file ?? ''

    let lastOk = ''
    let okAfterRestore = 0
    let restored = false
    const editing = (async () => {
      for (let n = 0; okAfterRestore < 20 && n < 2000; n++) {
        const title = `Edit ${n}`
        const reply = await editor('episodes.update', { id: 'one', patch: { title } })
        if (reply.ok) {
          lastOk = title
          if (restored) okAfterRestore++
        } else expect(reply.error.code, reply.error.message).not.toBe('internal')
      }
    })()
    await new Promise((resolve) => setTimeout(resolve, 300))
    const outcome = await restorer('backups.restore', { backup: backupFile })
    expect(outcome.ok).toBe(true)
    restored = true
    await editing
    expect(okAfterRestore).toBe(20)
    // The database both hosts show holds the last edit answered ok; so do both hosts.
    const shown = openDatabase(file, { readOnly: true })
    const title = shown.prepare(`SELECT title FROM episodes WHERE id = 'one'`).pluck().get()
    shown.close()
    expect(title).toBe(lastOk)
    for (const call of [restorer, editor]) {
      const opened = (await call('episodes.open', { id: 'one' })) as Reply<{ summary: { title: string } }>
      expect(opened.ok && opened.value.summary.title).toBe(lastOk)
    }
  }, 60_000)
})

describe('episcore backup', () => {
  it('copies the database now, prints where, and the copy is listed', () => {
    const file = path.join(tempFolder(), 'eps.sqlite')
    const db = openDatabase(file)
    loadEpisodeDocument(db, machineEpisode('one'))
    db.close()
    const run = episcore(['--db', file, 'backup'])
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    const printed = run.stdout.trim()
    expect(printed).toMatch(/episcore-backups\/eps-manual-\d{8}-\d{6}\.sqlite$/)
    expect(fs.existsSync(printed)).toBe(true)
    expect(listBackups(file)).toEqual([
      expect.objectContaining({ file: path.basename(printed), kind: 'manual', episodes: 1 }),
    ])
  })
})
