import { createHash } from 'node:crypto'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../../src/core/db/openDatabase'
import { addPerson, initCatalogue } from '../../src/core/desk/catalogue'
import { DeskService } from '../../src/core/desk/deskService'
import { episodeRow } from '../../src/core/episodes/episodeQueries'
import { updateEpisode } from '../../src/core/episodes/updateEpisode'
import { loadEpisodeDocument } from '../../src/core/load/loadEpisode'
import { machineEpisode } from '../machineEpisode'
import { tempFolder } from '../tempFolder'
import { skipPostgresTests, startPostgres, type TestPostgres } from './postgresServer'

const PASSWORD = 'live and let sync'

/** Waits until `done` holds, checking every 50 ms; fails after a generous minute, naming `what`. */
async function until(what: string, done: () => boolean): Promise<void> {
  const deadline = Date.now() + 60_000
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`never happened: ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe.skipIf(skipPostgresTests())('a library open in the app syncs by itself', () => {
  let server: TestPostgres
  const services: DeskService[] = []
  beforeAll(async () => {
    server = await startPostgres()
    await initCatalogue(server.adminUrl)
    for (const name of ['alice', 'bob'])
      await addPerson({ adminUrl: server.adminUrl, name, role: 'reviewer', password: PASSWORD })
  })
  afterAll(async () => {
    await Promise.all(services.map((s) => s.close()))
    await server?.destroy()
  })

  const library = (): Db => openDatabase(path.join(tempFolder(), 'library.sqlite'))
  const live = async (db: Db, user: string): Promise<DeskService> => {
    const desk = new DeskService(db, { live: true, outboxCheckMs: 100 })
    services.push(desk)
    await desk.connect({ url: `postgres://${user}@127.0.0.1:${server.port}/desk`, password: PASSWORD })
    return desk
  }

  it('pushes an edit within moments and the other library has it without asking', async () => {
    const doc = machineEpisode('live-1')
    const sha256 = createHash('sha256').update('live').digest('hex')
    const media = doc.episode.media && { ...doc.episode.media, sha256 }
    const a = library()
    loadEpisodeDocument(
      a,
      JSON.stringify({
        ...doc,
        episode: { ...doc.episode, media },
        review: { ...doc.review, reviewer: 'Alice' },
      }),
    )
    const b = library()
    loadEpisodeDocument(
      b,
      JSON.stringify({
        ...doc,
        episode: { ...doc.episode, id: 'live-b', media },
        review: { ...doc.review, reviewer: 'Bob' },
      }),
    )
    const alice = await live(a, 'alice')
    const bob = await live(b, 'bob')
    await until(
      'Bob has Alice’s analysis',
      () => b.prepare(`SELECT 1 FROM episodes WHERE id = 'live-1'`).get() !== undefined,
    )
    const arrivals = bob.status().arrivals

    updateEpisode(a, 'live-1', { title: 'Changed while Bob watches' })
    await until('Alice’s edit is pushed', () => alice.status().waiting === 0)
    await until('Bob’s library shows it', () => episodeRow(b, 'live-1').title === 'Changed while Bob watches')
    // Counted once the sync that wrote it returns, a moment after the row is there.
    await until('Bob’s arrivals count it', () => bob.status().arrivals > arrivals)
    expect(bob.status()).toMatchObject({ connected: true, online: true, user: 'bob', waiting: 0 })
  })
})
