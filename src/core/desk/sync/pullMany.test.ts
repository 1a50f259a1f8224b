import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { machineEpisode } from '../../../../tests/machineEpisode'
import { tempFolder } from '../../../../tests/tempFolder'
import { skipPostgresTests, startPostgres, type TestPostgres } from '../../../../tests/desk/postgresServer'
import { openDatabase, type Db } from '../../db/openDatabase'
import { exportEpisode } from '../../export/exportEpisode'
import { loadEpisodeDocument } from '../../load/loadEpisode'
import { addPerson, initCatalogue } from '../catalogue'
import { linkDesk } from './deskLink'
import { syncDesk } from './syncDesk'
import { verifyDesk } from './verifyDesk'

const PASSWORD = 'correct horse battery staple'
const SHOW = 'Many Episodes'

/**
 * Enough analyses that a push exports them on the export thread while it sends the ones before, and a
 * pull checks them on the loading thread while it writes the ones before.
 */
const COUNT = 24

const analysis = (n: number) => {
  const doc = machineEpisode(`many-${String(n).padStart(2, '0')}`)
  // A reviewer's (one a person has taken up), which a reviewer pushes.
  return {
    ...doc,
    episode: { ...doc.episode, show: SHOW, media: null, title: `Episode ${n}` },
    review: { ...doc.review, reviewer: 'Alice' },
  }
}

/** An analysis as the library writes it out, but for when. */
const content = (db: Db, id: string) => {
  const { exportedAt: _, episode, ...rest } = exportEpisode(db, id)
  return { ...rest, episode: { ...episode, id: 'any' } }
}

describe.skipIf(skipPostgresTests())('a large push and pull', () => {
  let server: TestPostgres
  const clients: pg.Client[] = []
  beforeAll(async () => {
    server = await startPostgres()
    await initCatalogue(server.adminUrl)
    for (const name of ['alice', 'bob'])
      await addPerson({ adminUrl: server.adminUrl, name, role: 'reviewer', password: PASSWORD })
  })
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.end().catch(() => undefined)))
    await server?.destroy()
  })
  const as = async (user: string): Promise<pg.Client> => {
    const client = new pg.Client({ connectionString: server.urlFor(user, PASSWORD) })
    await client.connect()
    clients.push(client)
    return client
  }
  const library = (user: string, ...docs: object[]): Db => {
    const db = openDatabase(path.join(tempFolder(), 'library.sqlite'))
    for (const doc of docs) loadEpisodeDocument(db, JSON.stringify(doc))
    linkDesk(db, { url: `postgres://${user}@127.0.0.1:${server.port}/desk`, user, insecure: false })
    return db
  }

  it('brings every analysis as it was pushed, says the one it cannot take, and verifies clean', async () => {
    const alice = await as('alice')
    const bob = await as('bob')
    const docs = Array.from({ length: COUNT }, (_, i) => analysis(i + 1))
    const a = library('alice', ...docs)
    expect((await syncDesk(a, alice, 'alice')).pushed).toHaveLength(COUNT)
    // Among them, a document no Episcore wrote, pushed by Bob's own hand.
    await bob.query(`INSERT INTO analyses (id, kind) VALUES ('many-strange', 'person')`)
    await bob.query(
      `INSERT INTO revisions (analysis_id, revision, show, title, status, content_hash, document)
       VALUES ('many-strange', 1, $1, 'Strange', 'draft', 'x', '{"format":"something-else"}')`,
      [SHOW],
    )

    // Bob's library already uses one of the ids for an episode of its own.
    const b = library('bob', { ...analysis(99), episode: { ...analysis(99).episode, id: 'many-07' } })
    const outcome = await syncDesk(b, bob, 'bob', { show: SHOW })
    expect(outcome.pushed).toEqual([{ episodeId: 'many-07', analysisId: 'many-07-bob', revision: 1 }])
    expect(outcome.kept).toEqual([
      { episodeId: 'many-strange', reason: expect.stringMatching(/^not pulled: .*format/) },
    ])
    const pulled = new Map(outcome.pulled.map((p) => [p.analysisId, p.episodeId]))
    expect(pulled.size).toBe(COUNT)
    expect(pulled.get('many-07')).toBe('many-07-2')
    for (const doc of docs)
      expect(content(b, pulled.get(doc.episode.id) as string)).toEqual(content(a, doc.episode.id))
    expect(await verifyDesk(b, bob)).toEqual([])
    a.close()
    b.close()
  })
})
