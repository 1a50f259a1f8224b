import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/core/db/openDatabase'
import { waitingChanges } from '../../src/core/desk/sync/deskLink'
import { updateEpisode } from '../../src/core/episodes/updateEpisode'
import { tempFolder } from '../tempFolder'
import {
  acknowledged,
  countRevisions,
  deskWorld,
  expectNothingLost,
  manyAnalyses,
  PASSWORD,
  type DeskWorld,
} from './faultHelpers'
import { skipPostgresTests } from './postgresServer'

const BIN = path.resolve(__dirname, '..', '..', 'bin', 'episcore')
const COUNT = 50

/** `episcore --db FILE desk sync`, the built CLI (vitest's global setup builds it), in a process of its own. */
function syncInChild(file: string): { child: ChildProcess; exited: Promise<NodeJS.Signals | number> } {
  const env: NodeJS.ProcessEnv = {}
  for (const [key, value] of Object.entries(process.env)) if (!key.startsWith('PG')) env[key] = value
  const child = spawn(process.execPath, [BIN, '--db', file, 'desk', 'sync'], {
    env: { ...env, PGPASSWORD: PASSWORD, PGPASSFILE: '/nonexistent/pgpass', HOME: tempFolder() },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const exited = new Promise<NodeJS.Signals | number>((resolve, reject) => {
    child.on('error', reject)
    child.on('exit', (code, signal) => {
      if (signal === null && code !== 0) reject(new Error(`the sync exited ${code}: ${stderr.trim()}`))
      else resolve(signal ?? code ?? -1)
    })
  })
  return { child, exited }
}

/**
 * A SIGKILL of `desk sync` part way through 50 analyses (issue 43, "Faults"): the next sync lands every
 * change exactly once, and what the killed one was told was taken is in the catalogue.
 */
describe.skipIf(skipPostgresTests())('a desk sync killed part way', () => {
  let world: DeskWorld
  let admin: pg.Client

  beforeAll(async () => {
    world = await deskWorld()
    admin = await world.admin()
    await admin.query('LISTEN episcore_desk')
  })
  afterAll(async () => {
    await world?.close()
  })

  /** Kills the child the moment the catalogue announces a revision `revision` of an analysis of `stem`. */
  const killOnRevision = (child: ChildProcess, stem: string, revision: number): void => {
    const listener = (message: pg.Notification): void => {
      const said = JSON.parse(message.payload ?? '{}') as { analysis?: string; revision?: number }
      if (!said.analysis?.startsWith(stem) || said.revision !== revision) return
      child.kill('SIGKILL')
      admin.off('notification', listener)
    }
    admin.on('notification', listener)
  }

  /** The library after the kill: what it was told was taken, then a sync in this process to the end. */
  const syncAfterKill = async (file: string, stem: string, revision: number) => {
    const db = openDatabase(file)
    const taken = acknowledged(db)
    const report = await world.service(db).sync()
    expect(report.conflicts).toEqual([])
    expect(report.waiting).toBe(0)
    expect(waitingChanges(db)).toBe(0)
    expect(await countRevisions(admin, `${stem}-`, revision)).toBe(COUNT)
    expect(await countRevisions(admin, `${stem}-`)).toBe(COUNT * revision)
    await expectNothingLost(admin, [{ db, client: await world.as('alice') }], taken)
    return { db, taken, report }
  }

  it('lands all 50 edits exactly once after a SIGKILL between them', async () => {
    const { db, file } = world.library('alice', manyAnalyses('kill', COUNT))
    expect((await world.service(db).sync()).pushed).toHaveLength(COUNT)
    for (let i = 1; i <= COUNT; i++) updateEpisode(db, `kill-${i}`, { title: `Edited before the kill ${i}` })
    db.close()

    const { child, exited } = syncInChild(file)
    killOnRevision(child, 'kill-', 2)
    expect(await exited).toBe('SIGKILL')
    const landed = await countRevisions(admin, 'kill-', 2)
    expect(landed, 'the kill landed part way through the 50').toBeGreaterThan(0)
    expect(landed).toBeLessThan(COUNT)

    const after = await syncAfterKill(file, 'kill', 2)
    // What the killed sync had pushed but not heard back about is recognised, not pushed again.
    expect(after.report.pushed.length).toBeLessThanOrEqual(
      COUNT - after.taken.filter((t) => t.revision === 2).length,
    )
    after.db.close()
  })

  it('lands a first push of 50 exactly once after a SIGKILL as the catalogue commits it', async () => {
    const { db, file } = world.library('alice', manyAnalyses('first', COUNT))
    db.close()
    const { child, exited } = syncInChild(file)
    // The 50 first revisions travel in one transaction: the kill lands as it commits, before (or as)
    // the library hears of it.
    killOnRevision(child, 'first-', 1)
    expect(await exited).toBe('SIGKILL')
    expect(await countRevisions(admin, 'first-', 1)).toBe(COUNT)

    const after = await syncAfterKill(file, 'first', 1)
    after.db.close()
  })
})
