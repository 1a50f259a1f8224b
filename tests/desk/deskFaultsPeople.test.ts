import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../../src/core/db/openDatabase'
import { deskAnalyses } from '../../src/core/desk/sync/deskAnalyses'
import { waitingChanges } from '../../src/core/desk/sync/deskLink'
import { syncDesk } from '../../src/core/desk/sync/syncDesk'
import { episodeRow } from '../../src/core/episodes/episodeQueries'
import { updateEpisode } from '../../src/core/episodes/updateEpisode'
import { MAX_EPISODE_JSON_BYTES } from '../../src/core/load/episodeJsonText'
import { MAX_SEGMENT_TEXT } from '../../src/shared/episodeLimits'
import type { EpisodeDocument } from '../../src/shared/episodeFormat'
import { tempFolder } from '../tempFolder'
import {
  catalogueRevisions,
  deskUrl,
  deskWorld,
  expectNothingLost,
  PASSWORD,
  personsAnalysis,
  type DeskWorld,
} from './faultHelpers'
import { skipPostgresTests } from './postgresServer'
import { startProxy } from './tcpProxy'

/** The title a library holds for the catalogue's analysis `analysisId`, under whatever id it has here. */
const titleHere = (db: Db, analysisId: string): string | undefined => {
  const here = deskAnalyses(db).find((a) => a.analysisId === analysisId)
  return here && episodeRow(db, here.episodeId).title
}

/**
 * Faults of people rather than machines (issue 43, "Faults"): two people offline on one episode, one
 * person on two machines, a document over the format's caps, a catalogue from a newer Episcore.
 */
describe.skipIf(skipPostgresTests())('people working apart, then syncing', () => {
  let world: DeskWorld
  let admin: pg.Client
  const clients: Record<string, pg.Client> = {}

  beforeAll(async () => {
    world = await deskWorld()
    admin = await world.admin()
    for (const user of ['alice', 'bob']) clients[user] = await world.as(user)
  })
  afterAll(async () => {
    await world?.close()
  })

  const sync = (db: Db, user: string) => syncDesk(db, clients[user]!, user)

  for (const order of [
    ['alice', 'bob'],
    ['bob', 'alice'],
  ] as const) {
    it(`gives both people both analyses of one episode they edited offline, ${order[0]} syncing first`, async () => {
      const episode = `pair-${order[0]}`
      const ids = { alice: `${episode}-alice`, bob: `${episode}-bob` }
      const libraries = {
        alice: world.library('alice', [personsAnalysis(ids.alice, 'Alice', episode)]).db,
        bob: world.library('bob', [personsAnalysis(ids.bob, 'Bob', episode)]).db,
      }
      const [first, second] = order
      // Their first analyses, made apart, then met: each pulls the other's as an analysis of the episode.
      await sync(libraries[first], first)
      await sync(libraries[second], second)
      await sync(libraries[first], first)
      // Both edit their own offline, then sync in this order (the first once more to hear the second).
      updateEpisode(libraries.alice, ids.alice, { title: 'Alice, offline' })
      updateEpisode(libraries.bob, ids.bob, { title: 'Bob, offline' })
      const reports = [
        await sync(libraries[first], first),
        await sync(libraries[second], second),
        await sync(libraries[first], first),
      ]
      expect(reports.flatMap((r) => r.conflicts)).toEqual([])
      expect(reports[0]!.pushed.map((p) => [p.analysisId, p.revision])).toEqual([[ids[first], 2]])
      expect(reports[1]!.pushed.map((p) => [p.analysisId, p.revision])).toEqual([[ids[second], 2]])
      expect(reports[1]!.pulled.map((p) => [p.analysisId, p.revision])).toEqual([[ids[first], 2]])
      expect(reports[2]!.pulled.map((p) => [p.analysisId, p.revision])).toEqual([[ids[second], 2]])
      for (const user of ['alice', 'bob'] as const) {
        expect(titleHere(libraries[user], ids.alice)).toBe('Alice, offline')
        expect(titleHere(libraries[user], ids.bob)).toBe('Bob, offline')
        expect(waitingChanges(libraries[user])).toBe(0)
      }
      await expectNothingLost(admin, [
        { db: libraries.alice, client: clients.alice! },
        { db: libraries.bob, client: clients.bob! },
      ])
    })
  }

  it('keeps one person’s change on a second machine as <id>-conflict, overwriting nothing', async () => {
    const laptop = world.library('alice', [personsAnalysis('twice-1')]).db
    await sync(laptop, 'alice')
    // The second machine: a copy of the library file, as restoring a backup elsewhere makes.
    const copy = path.join(tempFolder(), 'desktop.sqlite')
    await laptop.backup(copy)
    const desktop = openDatabase(copy)
    try {
      updateEpisode(laptop, 'twice-1', { title: 'Changed on the laptop' })
      updateEpisode(desktop, 'twice-1', { title: 'Changed on the desktop' })
      const earlier = await sync(laptop, 'alice')
      expect(earlier.conflicts).toEqual([])
      const later = await sync(desktop, 'alice')
      expect(later.conflicts).toEqual([
        { episodeId: 'twice-1', analysisId: 'twice-1', keptAs: 'twice-1-conflict' },
      ])
      expect(later.pushed).toEqual([{ episodeId: 'twice-1', analysisId: 'twice-1-conflict', revision: 1 }])
      // The laptop's change stays the analysis's latest; the desktop's is an analysis of its own.
      const revisions = (await catalogueRevisions(admin)).filter((r) => r.analysis_id.startsWith('twice-1'))
      expect(revisions.map((r) => [r.analysis_id, r.revision])).toEqual([
        ['twice-1', 1],
        ['twice-1', 2],
        ['twice-1-conflict', 1],
      ])
      await sync(laptop, 'alice')
      await sync(desktop, 'alice')
      for (const db of [laptop, desktop]) {
        expect(titleHere(db, 'twice-1')).toBe('Changed on the laptop')
        expect(titleHere(db, 'twice-1-conflict')).toBe('Changed on the desktop')
      }
      await expectNothingLost(admin, [
        { db: laptop, client: clients.alice! },
        { db: desktop, client: clients.alice! },
      ])
    } finally {
      desktop.close()
    }
  })

  it('keeps an edit made on the second machine while the first one’s revision is being pulled', async () => {
    const proxy = await startProxy(world.server.port)
    const laptop = world.library('alice', [personsAnalysis('race-1')]).db
    await sync(laptop, 'alice')
    const copy = path.join(tempFolder(), 'desktop.sqlite')
    await laptop.backup(copy)
    const desktop = openDatabase(copy)
    const throughProxy = new pg.Client({
      connectionString: `${deskUrl('alice', proxy.port).replace('alice@', `alice:${encodeURIComponent(PASSWORD)}@`)}`,
    })
    throughProxy.on('error', () => undefined)
    try {
      await throughProxy.connect()
      updateEpisode(laptop, 'race-1', { title: 'Changed on the laptop' })
      await sync(laptop, 'alice')
      // The desktop's sync has asked the catalogue what is new (its answer held back by the network);
      // the editor changes the analysis meanwhile, then the answer, the laptop's revision, arrives.
      proxy.pause()
      const pulling = syncDesk(desktop, throughProxy, 'alice')
      await new Promise((resolve) => setTimeout(resolve, 200))
      updateEpisode(desktop, 'race-1', { title: 'Changed on the desktop during the sync' })
      proxy.resume()
      await pulling
      const after = await syncDesk(desktop, throughProxy, 'alice')
      await sync(laptop, 'alice')
      const titles = [titleHere(desktop, 'race-1'), titleHere(desktop, 'race-1-conflict')]
      expect(titles, 'the desktop’s edit is kept').toContain('Changed on the desktop during the sync')
      expect(after.conflicts.map((c) => c.keptAs)).toEqual(['race-1-conflict'])
      await expectNothingLost(admin, [
        { db: laptop, client: clients.alice! },
        { db: desktop, client: clients.alice! },
      ])
    } finally {
      await throughProxy.end().catch(() => undefined)
      await proxy.close()
      desktop.close()
    }
  })

  it('keeps a document over the format’s cap here, naming the cap, and pushes the others', async () => {
    // Under the caps of every field (a segment's text, the number of segments), over the document's.
    const segments = Math.ceil(MAX_EPISODE_JSON_BYTES / MAX_SEGMENT_TEXT) + 10
    const text = 'x'.repeat(MAX_SEGMENT_TEXT)
    const base = personsAnalysis('huge-1')
    const huge: EpisodeDocument = {
      ...base,
      transcript: {
        segments: Array.from({ length: segments }, (_, i) => ({
          id: `s${i}`,
          start: i,
          end: i + 0.5,
          speakerId: 'swyx',
          text,
          words: [],
        })),
      },
    }
    const { db } = world.library('alice', [personsAnalysis('small-1'), huge, personsAnalysis('small-2')])
    const report = await sync(db, 'alice')
    expect(report.pushed.map((p) => p.analysisId).sort()).toEqual(['small-1', 'small-2'])
    expect(report.kept).toHaveLength(1)
    expect(report.kept[0]!.episodeId).toBe('huge-1')
    expect(report.kept[0]!.reason).toContain(`cap of ${MAX_EPISODE_JSON_BYTES}`)
    // It stays waiting here, and the next sync says so again rather than losing it.
    expect(report.waiting).toBe(1)
    const again = await sync(db, 'alice')
    expect(again.kept.map((k) => k.episodeId)).toEqual(['huge-1'])
    expect(again.pushed).toEqual([])
    const there = await catalogueRevisions(admin)
    expect(there.some((r) => r.analysis_id.startsWith('huge-1'))).toBe(false)
    await expectNothingLost(admin, [{ db, client: clients.alice! }])
  })

  it('refuses a catalogue of a newer schema, writing nothing to the library or the catalogue', async () => {
    const { db } = world.library('alice', [personsAnalysis('newer-1')], { linked: false })
    const before = await catalogueRevisions(admin)
    await admin.query(`INSERT INTO catalogue_schema (version) VALUES (99)`)
    try {
      const schema = await admin.query(`SELECT version, applied_at FROM catalogue_schema ORDER BY version`)
      const desk = world.service(db)
      const refused = await desk.connect({ url: deskUrl('alice', world.server.port) }).then(
        () => null,
        (error: unknown) => error,
      )
      expect((refused as Error).message).toMatch(/newer Episcore \(schema 99; this app knows up to \d+\)/)
      expect((refused as Error).message).not.toMatch(/\n/)
      expect(db.prepare(`SELECT count(*) FROM desk_link`).pluck().get()).toBe(0)
      expect(waitingChanges(db)).toBe(0)
      expect(db.prepare(`SELECT count(*) FROM desk_analyses`).pluck().get()).toBe(0)
      expect(desk.status()).toMatchObject({ connected: false, url: null })
      expect(await catalogueRevisions(admin)).toEqual(before)
      expect(
        (await admin.query(`SELECT version, applied_at FROM catalogue_schema ORDER BY version`)).rows,
      ).toEqual(schema.rows)
      expect((await admin.query(`SELECT count(*) AS n FROM analyses WHERE id LIKE 'newer-%'`)).rows).toEqual([
        { n: '0' },
      ])
    } finally {
      await admin.query(`DELETE FROM catalogue_schema WHERE version = 99`)
    }
  })
})
