import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../src/core/db/openDatabase'
import { waitingChanges } from '../../src/core/desk/sync/deskLink'
import { updateEpisode } from '../../src/core/episodes/updateEpisode'
import {
  acknowledged,
  countRevisions,
  deskWorld,
  eventually,
  expectNothingLost,
  expectOneLine,
  manyAnalyses,
  type DeskWorld,
} from './faultHelpers'
import { skipPostgresTests } from './postgresServer'
import { startProxy, type TcpProxy } from './tcpProxy'

const COUNT = 50

/**
 * Faults of the server and the network while a push is under way (issue 43, "Faults"): after each, the
 * library verifies clean once the catalogue is back, and nothing the catalogue acknowledged is lost or
 * taken twice.
 */
describe.skipIf(skipPostgresTests())('a push meeting a failing server or network', () => {
  let world: DeskWorld
  let admin: pg.Client
  const proxies: TcpProxy[] = []

  beforeAll(async () => {
    world = await deskWorld()
    admin = await world.admin()
  })
  afterAll(async () => {
    await Promise.all(proxies.map((p) => p.close()))
    await world?.close()
  })

  /**
   * Alice's library of 50 analyses, each pushed once and then edited offline: 50 pushes of a second
   * revision, one transaction each, so a fault can land between and inside them.
   */
  const fiftyEdited = async (stem: string, port = world.server.port): Promise<Db> => {
    const { db } = world.library('alice', manyAnalyses(stem, COUNT), { port })
    const first = await world.service(db).sync()
    expect(first.pushed).toHaveLength(COUNT)
    for (let i = 1; i <= COUNT; i++) updateEpisode(db, `${stem}-${i}`, { title: `Edited offline ${i}` })
    expect(waitingChanges(db)).toBe(COUNT)
    return db
  }

  it('loses nothing when the server is stopped (immediate) in the middle of a push', async () => {
    const db = await fiftyEdited('stop')
    const desk = world.service(db)
    const sync = desk.sync()
    // Once the catalogue has taken some of the edits, the server goes down as a crash takes it.
    await eventually(
      async () => (await countRevisions(admin, 'stop-', 2)) > 0,
      'a first edit taken',
      60_000,
      1,
    )
    await world.server.stop('immediate')
    const failure = await sync.then(
      () => null,
      (error: unknown) => error,
    )
    expect(failure, 'the sync finished before the server stopped').not.toBeNull()
    expectOneLine(failure, `127.0.0.1:${world.server.port}`)
    const taken = acknowledged(db).filter((a) => a.revision === 2)
    expect(waitingChanges(db)).toBe(COUNT - taken.length)
    expect(desk.status().online).toBe(false)

    await world.server.start()
    admin = await world.admin()
    const again = await desk.sync()
    expect(again.conflicts).toEqual([])
    expect(again.waiting).toBe(0)
    expect(await countRevisions(admin, 'stop-', 2)).toBe(COUNT)
    await expectNothingLost(admin, [{ db, client: await world.as('alice') }], taken)
  })

  it('loses nothing when the connection is cut in the middle of a transaction', async () => {
    const proxy = await startProxy(world.server.port)
    proxies.push(proxy)
    const db = await fiftyEdited('cut', proxy.port)
    const desk = world.service(db)
    const sync = desk.sync()
    await eventually(
      async () => (await countRevisions(admin, 'cut-', 2)) > 0,
      'a first edit taken',
      60_000,
      1,
    )
    // Then the cut lands while alice's session holds a transaction open (its insert not yet committed).
    await eventually(
      async () => {
        const { rows } = await admin.query<{ n: string }>(
          `SELECT count(*) AS n FROM pg_stat_activity WHERE usename = 'alice' AND xact_start IS NOT NULL`,
        )
        return Number(rows[0]?.n) > 0
      },
      'a transaction of alice’s open',
      60_000,
      0,
    )
    proxy.cut()
    const failure = await sync.then(
      () => null,
      (error: unknown) => error,
    )
    expect(failure, 'the sync finished before the cut').not.toBeNull()
    expectOneLine(failure, `127.0.0.1:${proxy.port}`)
    const taken = acknowledged(db).filter((a) => a.revision === 2)
    expect(taken.length).toBeLessThan(COUNT)
    expect(waitingChanges(db)).toBe(COUNT - taken.length)

    const again = await desk.sync()
    expect(again.conflicts).toEqual([])
    expect(again.waiting).toBe(0)
    expect(await countRevisions(admin, 'cut-', 2)).toBe(COUNT)
    await expectNothingLost(admin, [{ db, client: await world.as('alice') }], taken)
  })

  it('gives up in one line when the server stops answering, and keeps the outbox', async () => {
    const proxy = await startProxy(world.server.port)
    proxies.push(proxy)
    const db = await fiftyEdited('pause', proxy.port)
    const desk = world.service(db, { connectMs: 2000, statementMs: 3000 })
    const sync = desk.sync()
    await eventually(
      async () => (await countRevisions(admin, 'pause-', 2)) > 0,
      'a first edit taken',
      60_000,
      1,
    )
    proxy.pause()
    const failure = await sync.then(
      () => null,
      (error: unknown) => error,
    )
    expect(failure, 'the sync finished before the pause').not.toBeNull()
    const line = expectOneLine(failure, `127.0.0.1:${proxy.port}`)
    expect(line).toMatch(/stopped answering|timed out/)
    const taken = acknowledged(db).filter((a) => a.revision === 2)
    expect(taken.length).toBeLessThan(COUNT)
    expect(waitingChanges(db)).toBe(COUNT - taken.length)

    // A sync while the server is still silent gives up too (the connection itself times out).
    const silent = await desk.sync().then(
      () => null,
      (error: unknown) => error,
    )
    expectOneLine(silent, `127.0.0.1:${proxy.port}`)
    expect(waitingChanges(db)).toBe(COUNT - taken.length)

    proxy.resume()
    const again = await desk.sync()
    expect(again.waiting).toBe(0)
    expect(await countRevisions(admin, 'pause-', 2)).toBe(COUNT)
    await expectNothingLost(admin, [{ db, client: await world.as('alice') }], taken)
  })
})
