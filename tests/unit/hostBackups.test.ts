import fs from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createRequire } from 'node:module'
import { backupFolderOf, backupOnOpen, type restoreBackup } from '../../src/core/db/backups'
import { BUNDLED_RESTORE_WORKER } from '../../src/core/db/restoreOffThread'
import { openDatabase } from '../../src/core/db/openDatabase'
import { loadEpisodeDocument } from '../../src/core/load/loadEpisode'
import { startHost, type RunningHost } from '../../src/host/startHost'
import type { Reply } from '../../src/shared/result'
import { machineEpisode } from '../machineEpisode'
import { tempFolder } from '../tempFolder'

type Call = (method: string, request?: unknown) => Promise<Reply<unknown>>

/** Enters with the URL's secret, as the browser does, then calls the API with the cookie it was given. */
async function client(host: RunningHost): Promise<Call> {
  const entry = await fetch(host.url, { redirect: 'manual' })
  const cookie = (entry.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
  return async (method, request = {}) => {
    const response = await fetch(`http://127.0.0.1:${host.port}/api/${method}`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify(request),
    })
    return (await response.json()) as Reply<unknown>
  }
}

const valueOf = <T>(reply: Reply<unknown>): T => {
  if (!reply.ok) throw new Error(`refused: ${reply.error.code}: ${reply.error.message}`)
  return reply.value as T
}

function setUp(): { dir: string; databaseFile: string; rendererDir: string } {
  const dir = tempFolder()
  const rendererDir = path.join(dir, 'renderer')
  fs.mkdirSync(rendererDir)
  fs.writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>Episcore</title>')
  const databaseFile = path.join(dir, 'host.sqlite')
  const db = openDatabase(databaseFile)
  loadEpisodeDocument(db, machineEpisode('one'))
  loadEpisodeDocument(db, machineEpisode('two'))
  db.close()
  return { dir, databaseFile, rendererDir }
}

describe('the browser host’s backups', () => {
  let host: RunningHost | undefined
  afterEach(async () => {
    await host?.close()
    host = undefined
    vi.restoreAllMocks()
  })

  it('backs the database up when it starts, once a day, and lists the backup', async () => {
    const { databaseFile, rendererDir } = setUp()
    host = await startHost({ databaseFile, rendererDir })
    const list = valueOf<{ file: string; episodes: number | null }[]>(
      await (
        await client(host)
      )('backups.list'),
    )
    expect(list).toEqual([
      expect.objectContaining({ file: expect.stringMatching(/^host-\d{8}-\d{6}\.sqlite$/), episodes: 2 }),
    ])
    await host.close()
    host = await startHost({ databaseFile, rendererDir })
    expect(valueOf<unknown[]>(await (await client(host))('backups.list'))).toEqual(list)
  })

  it('starts on a damaged database without touching it, refuses every call but the backups, and restores one', async () => {
    const { databaseFile, rendererDir } = setUp()
    host = await startHost({ databaseFile, rendererDir })
    await host.close()
    const fd = fs.openSync(databaseFile, 'r+')
    fs.writeSync(fd, Buffer.alloc(512, 0x41), 0, 512, 0)
    fs.closeSync(fd)
    const damaged = fs.readFileSync(databaseFile)
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)

    host = await startHost({ databaseFile, rendererDir })
    const call = await client(host)

    expect(errors).toHaveBeenCalledWith(expect.stringContaining('host.sqlite is damaged'))
    expect(fs.readFileSync(databaseFile).equals(damaged)).toBe(true)
    const refusal = {
      ok: false,
      error: {
        code: 'corrupt-database',
        message: 'The database host.sqlite is damaged: file is not a database. Nothing was changed.',
      },
    }
    expect(await call('episodes.list')).toEqual(refusal)
    expect(await call('episodes.open', { id: 'one' })).toEqual(refusal)
    // The contract still checks requests first.
    expect(await call('episodes.open', { id: 5 })).toMatchObject({ error: { code: 'invalid-request' } })

    const [backup, ...others] = valueOf<{ file: string; episodes: number }[]>(await call('backups.list'))
    expect(others).toEqual([])
    expect(backup?.episodes).toBe(2)
    // A name from the list only: a path, or a name not listed, is refused and nothing moves.
    expect(await call('backups.restore', { backup: '../host.sqlite' })).toMatchObject({
      error: { code: 'invalid-request' },
    })
    expect(await call('backups.restore', { backup: `/tmp/${backup?.file}` })).toMatchObject({
      error: { code: 'invalid-request' },
    })
    expect(await call('backups.restore', { backup: 'host-20000101-000000.sqlite' })).toMatchObject({
      error: { code: 'not-found' },
    })
    expect(fs.readFileSync(databaseFile).equals(damaged)).toBe(true)

    const restored = valueOf<{ restored: true; keptAside: string }>(
      await call('backups.restore', { backup: backup?.file }),
    )

    expect(restored).toEqual({ restored: true, keptAside: expect.stringMatching(/^host-before-restore-/) })
    expect(fs.readFileSync(path.join(backupFolderOf(databaseFile), restored.keptAside)).equals(damaged)).toBe(
      true,
    )
    const episodes = valueOf<{ id: string }[]>(await call('episodes.list'))
    expect(episodes.map((e) => e.id).sort()).toEqual(['one', 'two'])
    expect(valueOf<{ summary: { id: string } }>(await call('episodes.open', { id: 'one' })).summary.id).toBe(
      'one',
    )
  })

  it('restores a backup over a sound database while serving, and keeps serving', async () => {
    const { databaseFile, rendererDir } = setUp()
    host = await startHost({ databaseFile, rendererDir })
    const call = await client(host)
    const [backup] = valueOf<{ file: string }[]>(await call('backups.list'))
    const outcome = valueOf<{ keptAside: string }>(await call('backups.restore', { backup: backup?.file }))
    expect(fs.existsSync(path.join(backupFolderOf(databaseFile), outcome.keptAside))).toBe(true)
    expect(valueOf<unknown[]>(await call('episodes.list'))).toHaveLength(2)
    expect(
      await call('episodes.update', { id: 'one', patch: { title: 'Renamed after the restore' } }),
    ).toMatchObject({
      ok: true,
      value: { view: { summary: { title: 'Renamed after the restore' } } },
    })
  })

  it('answers the other calls while a restore runs, says how far it is, and refuses an edit naming it', async () => {
    const { databaseFile, rendererDir } = setUp()
    // Padded so that the restore's checks and copies take a good while: 60 MB of settings.
    const db = openDatabase(databaseFile)
    const pad = db.prepare(`INSERT INTO settings (key, value) VALUES (?, hex(randomblob(1000000)))`)
    for (let n = 0; n < 30; n++) pad.run(`padding-${n}`)
    db.close()
    host = await startHost({ databaseFile, rendererDir })
    const call = await client(host)
    const [backup] = valueOf<{ file: string }[]>(await call('backups.list'))
    const folder = backupFolderOf(databaseFile)
    let answered = false
    const restoring = call('backups.restore', { backup: backup?.file }).then((reply) => {
      answered = true
      return reply
    })
    const appears = async (part: string): Promise<void> => {
      while (!answered && !fs.readdirSync(folder).some((name) => name.includes(part)))
        await new Promise((resolve) => setTimeout(resolve, 5))
    }
    // Under way once the backup's copy is being made beside it.
    await appears('.restoring-')
    const listedDuring = await call('episodes.list')
    expect(answered).toBe(false)
    expect(valueOf<unknown[]>(listedDuring)).toHaveLength(2)
    // Holding the file once the database it replaces is being copied aside.
    await appears('-before-restore-')
    const progress = valueOf<{ backup: string; progress: number } | null>(await call('backups.restoring'))
    const edit = await call('episodes.update', { id: 'one', patch: { title: 'During the restore' } })
    expect(answered).toBe(false)
    expect(progress).toEqual({ backup: backup?.file, progress: expect.any(Number) })
    expect(progress && progress.progress >= 0 && progress.progress <= 1).toBe(true)
    expect(edit).toEqual({
      ok: false,
      error: {
        code: 'busy',
        message: expect.stringMatching(
          /^a backup is being restored \(\d+% done\): nothing was changed; try again once it is done$/,
        ),
      },
    })
    expect(valueOf<{ restored: boolean }>(await restoring).restored).toBe(true)
    expect(valueOf<unknown>(await call('backups.restoring'))).toBeNull()
    expect(await call('episodes.update', { id: 'one', patch: { title: 'After the restore' } })).toMatchObject(
      { ok: true },
    )
  }, 60_000)

  it('restores on the thread entry built beside the command line’s bundle, which serves the browser mode', async () => {
    const { databaseFile } = setUp()
    const db = openDatabase(databaseFile)
    const backup = (await backupOnOpen(db, databaseFile, new Date(2025, 4, 10, 9))) ?? ''
    loadEpisodeDocument(db, machineEpisode('three'))
    db.close()
    const entry = path.join(__dirname, '..', '..', 'out', 'cli', BUNDLED_RESTORE_WORKER)
    const built = createRequire(__filename)(entry) as { restoreBackup: typeof restoreBackup }
    const progress: number[] = []
    const outcome = await built.restoreBackup(databaseFile, backup, { progress: (p) => progress.push(p) })
    expect(outcome.keptAside).toMatch(/^host-before-restore-/)
    expect(progress.at(-1)).toBe(1)
    const restored = openDatabase(databaseFile, { readOnly: true })
    expect(restored.prepare('SELECT id FROM episodes ORDER BY id').pluck().all()).toEqual(['one', 'two'])
    restored.close()
  })
})
