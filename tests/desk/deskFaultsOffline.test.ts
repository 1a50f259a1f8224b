import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/core/db/openDatabase'
import { DeskService } from '../../src/core/desk/deskService'
import { PeaksCache } from '../../src/core/media/peaksCache'
import { DatabaseSession } from '../../src/core/service/databaseSession'
import { FileRefs } from '../../src/core/service/fileRefs'
import type { DeskDifference, DeskStatus } from '../../src/shared/contract/desk'
import type { LibraryEpisode } from '../../src/shared/contract'
import type { Reply } from '../../src/shared/result'
import { tempFolder } from '../tempFolder'
import {
  countRevisions,
  deskWorld,
  eventually,
  expectNothingLost,
  PASSWORD,
  personsAnalysis,
  type DeskWorld,
} from './faultHelpers'
import { skipPostgresTests } from './postgresServer'

const value = <T>(reply: Reply<unknown>): T => {
  if (!reply.ok) throw new Error(`${reply.error.code}: ${reply.error.message}`)
  return reply.value as T
}

/**
 * The catalogue unreachable when the app starts (issue 43, "Faults"): the library opens and works
 * offline, says how many changes wait, and the live sync pushes them once the server is back.
 */
describe.skipIf(skipPostgresTests())('a library whose desk is unreachable when it opens', () => {
  let world: DeskWorld
  let admin: pg.Client
  const before = process.env.PGPASSWORD

  beforeAll(async () => {
    world = await deskWorld()
    admin = await world.admin()
    // The session's desk reads the password where the app's process finds it (no keychain in a test).
    process.env.PGPASSWORD = PASSWORD
  })
  afterAll(async () => {
    if (before === undefined) delete process.env.PGPASSWORD
    else process.env.PGPASSWORD = before
    await world?.close()
  })

  it('opens, answers the contract offline, and pushes the edit by itself when the server is back', async () => {
    const { db, file } = world.library('alice', [personsAnalysis('offline-1'), personsAnalysis('offline-2')])
    await world.service(db).sync()
    db.close()
    await world.server.stop('fast')

    const session = new DatabaseSession(file, {
      files: new FileRefs(),
      peaks: new PeaksCache(tempFolder()),
    })
    try {
      const listed = value<LibraryEpisode[]>(await session.dispatch('episodes.list', {}))
      expect(listed.map((e) => e.id).sort()).toEqual(['offline-1', 'offline-2'])
      value(
        await session.dispatch('episodes.update', { id: 'offline-1', patch: { title: 'Edited offline' } }),
      )
      const offline = await eventually(async () => {
        const status = value<DeskStatus>(await session.dispatch('desk.status', {}))
        // The live desk has tried (and failed) at least once: its error is noted.
        return status.lastError !== null ? status : null
      }, 'the live desk’s first try')
      expect(offline).toMatchObject({ connected: true, online: false, waiting: 1 })
      expect(offline.lastError).toMatch(new RegExp(`127\\.0\\.0\\.1:${world.server.port}`))
      expect(offline.lastError).not.toMatch(/\n/)
      // A sync asked for by hand says the same in one line, and the edit stays waiting.
      const asked = await session.dispatch('desk.sync', {})
      expect(asked.ok).toBe(false)
      expect(value<DeskStatus>(await session.dispatch('desk.status', {})).waiting).toBe(1)

      await world.server.start()
      admin = await world.admin()
      // The live sync's retries (pauses doubling from a second) bring the edit in by themselves.
      await eventually(
        async () => (await countRevisions(admin, 'offline-1', 2)) === 1,
        'the edit pushed by the live sync',
        90_000,
        100,
      )
      const online = await eventually(async () => {
        const status = value<DeskStatus>(await session.dispatch('desk.status', {}))
        return status.online && status.waiting === 0 ? status : null
      }, 'the library online with nothing waiting')
      expect(online.lastError).toBeNull()
      expect(value<DeskDifference[]>(await session.dispatch('desk.verify', {}))).toEqual([])
    } finally {
      session.close()
    }
    const again = openDatabase(file)
    try {
      await expectNothingLost(admin, [{ db: again, client: await world.as('alice') }])
    } finally {
      again.close()
    }
  })

  it('is the same with the desk alone (DeskService live): offline first, then pushed', async () => {
    const { db } = world.library('bob', [personsAnalysis('live-1', 'Bob')])
    await world.server.stop('fast')
    const desk = new DeskService(db, {
      live: true,
      env: { PGPASSWORD: PASSWORD, HOME: tempFolder() },
    })
    try {
      await eventually(() => desk.status().lastError !== null, 'the live desk’s first try')
      expect(desk.status()).toMatchObject({ online: false, waiting: 1 })
      await world.server.start()
      admin = await world.admin()
      await eventually(() => desk.status().waiting === 0, 'the analysis pushed', 90_000, 100)
      expect(await countRevisions(admin, 'live-1', 1)).toBe(1)
      await expectNothingLost(admin, [{ db, client: await world.as('bob') }])
    } finally {
      await desk.close()
    }
  })
})
