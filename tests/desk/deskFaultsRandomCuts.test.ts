import path from 'node:path'
import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../../src/core/db/openDatabase'
import type { DeskService } from '../../src/core/desk/deskService'
import { DeskUnreachableError } from '../../src/core/desk/connection'
import { waitingChanges } from '../../src/core/desk/sync/deskLink'
import { updateEpisode } from '../../src/core/episodes/updateEpisode'
import { loadEpisodeDocument } from '../../src/core/load/loadEpisode'
import type { SyncReport } from '../../src/shared/contract/desk'
import { random } from '../seededRandom'
import { tempFolder } from '../tempFolder'
import {
  catalogueRevisions,
  deskWorld,
  expectNothingLost,
  expectOneLine,
  personsAnalysis,
  type DeskWorld,
} from './faultHelpers'
import { skipPostgresTests } from './postgresServer'
import { startProxy, type TcpProxy } from './tcpProxy'

const ROUNDS = 12
/** The show every analysis here is of: the desktop and bob ask for all of it. */
const SHOW = personsAnalysis('any').episode.show!
const SEED = 4_301

/**
 * The connection cut at random moments of syncs that do everything a sync does (first pushes in a batch,
 * next revisions, a change of the same person's other machine kept apart, pulls): whatever the moment,
 * the retries end with each library clean, nothing acknowledged lost, no change taken twice and no change
 * kept apart twice (a retried keep-apart is not a second `-conflict`).
 */
describe.skipIf(skipPostgresTests())('syncs cut at random moments', () => {
  let world: DeskWorld
  let admin: pg.Client
  let proxy: TcpProxy

  beforeAll(async () => {
    world = await deskWorld()
    admin = await world.admin()
    proxy = await startProxy(world.server.port)
  })
  afterAll(async () => {
    await proxy?.close()
    await world?.close()
  })

  it(`keeps every guarantee over ${ROUNDS} rounds of cuts`, async () => {
    const next = random(SEED)
    const laptop = world.library('alice', [], { port: proxy.port }).db
    const copy = path.join(tempFolder(), 'desktop.sqlite')
    await laptop.backup(copy)
    const desktop = openDatabase(copy)
    const bob = world.library('bob', [], { port: proxy.port }).db
    const desks = new Map<Db, DeskService>([laptop, desktop, bob].map((db) => [db, world.service(db)]))
    let cuts = 0

    /** A sync with a cut a random few milliseconds in; tried again until one goes through. */
    const syncThroughCuts = async (db: Db): Promise<SyncReport[]> => {
      const desk = desks.get(db)!
      const wanted = db === laptop ? {} : { show: SHOW }
      for (let attempt = 1; ; attempt++) {
        const timer = attempt <= 3 ? setTimeout(() => proxy.cut(), Math.floor(next() * 40)) : null
        try {
          return [await desk.sync(wanted)]
        } catch (error) {
          expect(error).toBeInstanceOf(DeskUnreachableError)
          expectOneLine(error, `127.0.0.1:${proxy.port}`)
          cuts += 1
        } finally {
          if (timer) clearTimeout(timer)
        }
      }
    }

    const conflictsKept: string[] = []
    for (let round = 1; round <= ROUNDS; round++) {
      // New analyses on the laptop (a first push, batched), edits of earlier ones on both machines.
      for (let i = 1; i <= 4; i++) loadEpisodeDocument(laptop, personsAnalysis(`r${round}-${i}`))
      if (round > 1) {
        const earlier = `r${round - 1}-1`
        updateEpisode(laptop, earlier, { title: `laptop, round ${round}` })
        updateEpisode(laptop, `r${round - 1}-2`, { title: `laptop, round ${round}` })
        // The desktop has the analysis once it pulled it (its own, from the other machine): a conflict.
        if (desktop.prepare(`SELECT 1 FROM episodes WHERE id = ?`).get(earlier)) {
          updateEpisode(desktop, earlier, { title: `desktop, round ${round}` })
          conflictsKept.push(earlier)
        }
      }
      await syncThroughCuts(laptop)
      await syncThroughCuts(desktop)
      await syncThroughCuts(bob)
      // Quiet syncs, without cuts, so each library hears the others before the check.
      // A cut drops every connection through the proxy, the other libraries' idle ones too: their desk
      // must take a new connection rather than fail on the dead one.
      for (const db of [laptop, desktop, bob, laptop])
        await desks.get(db)!.sync(db === laptop ? {} : { show: SHOW })
      for (const db of [laptop, desktop, bob]) expect(waitingChanges(db)).toBe(0)
      await expectNothingLost(admin, [
        { db: laptop, client: await world.as('alice') },
        { db: desktop, client: await world.as('alice') },
        { db: bob, client: await world.as('bob') },
      ])
    }
    const ids = new Set((await catalogueRevisions(admin)).map((r) => r.analysis_id))
    const conflicts = [...ids].filter((id) => id.includes('-conflict')).sort()
    expect(conflicts).toEqual(conflictsKept.map((id) => `${id}-conflict`).sort())
    expect(cuts, 'some cuts landed in a sync').toBeGreaterThan(0)
    desktop.close()
  })
})
