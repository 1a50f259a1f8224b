import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../../src/core/db/openDatabase'
import { addPerson, initCatalogue } from '../../src/core/desk/catalogue'
import { analysisHistory, catalogueAnalyses } from '../../src/core/desk/sync/catalogueQueries'
import { deskAnalysisOf } from '../../src/core/desk/sync/deskAnalyses'
import { linkDesk, waitingChanges } from '../../src/core/desk/sync/deskLink'
import { syncDesk } from '../../src/core/desk/sync/syncDesk'
import { verifyDesk } from '../../src/core/desk/sync/verifyDesk'
import { emptyTrash, trashEpisode } from '../../src/core/episodes/trash'
import { updateEpisode } from '../../src/core/episodes/updateEpisode'
import { episodeRow } from '../../src/core/episodes/episodeQueries'
import { loadEpisodeDocument } from '../../src/core/load/loadEpisode'
import { machineEpisode } from '../machineEpisode'
import { tempFolder } from '../tempFolder'
import { skipPostgresTests, startPostgres, type TestPostgres } from './postgresServer'

const PASSWORD = 'correct horse battery staple'

/**
 * A reviewer's own analysis: the machine's run with a reviewer named (a person has taken it up), of
 * media of its own (its SHA-256 from the id's stem), so each test's episodes are apart in the catalogue.
 */
const reviewersAnalysis = (id = 'ep-1', reviewer = 'Alice') => {
  const doc = machineEpisode(id)
  const sha256 = createHash('sha256')
    .update(id.split('-')[0] ?? id)
    .digest('hex')
  const media = doc.episode.media && { ...doc.episode.media, sha256 }
  return { ...doc, episode: { ...doc.episode, media }, review: { ...doc.review, reviewer } }
}

/**
 * A desk for the tests of one describe: a PostgreSQL of its own with the catalogue and two reviewers,
 * alice and bob; `as` connects as one of them, `library` makes a library joined as one.
 */
function withDesk(): {
  as: (user: string) => Promise<pg.Client>
  library: (user: string, ...docs: object[]) => Db
} {
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
  return {
    as: async (user) => {
      const client = new pg.Client({ connectionString: server.urlFor(user, PASSWORD) })
      await client.connect()
      clients.push(client)
      return client
    },
    library: (user, ...docs) => {
      const db = openDatabase(path.join(tempFolder(), 'library.sqlite'))
      for (const doc of docs) loadEpisodeDocument(db, JSON.stringify(doc))
      linkDesk(db, { url: `postgres://${user}@127.0.0.1:${server.port}/desk`, user, insecure: false })
      return db
    },
  }
}

describe.skipIf(skipPostgresTests())('syncing libraries through the desk catalogue', () => {
  const { as, library } = withDesk()

  it('pushes a library’s analyses, pulls them into another under their episode, and both verify clean', async () => {
    const alice = await as('alice')
    const bob = await as('bob')
    const a = library('alice', reviewersAnalysis('shared-1', 'Alice'))
    const b = library('bob', reviewersAnalysis('shared-1', 'Bob'))
    expect(waitingChanges(a)).toBe(1)

    const first = await syncDesk(a, alice, 'alice')
    expect(first.pushed).toEqual([{ episodeId: 'shared-1', analysisId: 'shared-1', revision: 1 }])
    expect(first.waiting).toBe(0)

    // Bob loaded the same file: his analysis cannot take Alice's id, so it is kept as his own.
    const second = await syncDesk(b, bob, 'bob')
    expect(second.pushed).toEqual([{ episodeId: 'shared-1', analysisId: 'shared-1-bob', revision: 1 }])
    expect(second.conflicts).toEqual([])
    expect(second.pulled.map((p) => [p.analysisId, p.episodeId, p.owner])).toEqual([
      ['shared-1', 'shared-1-2', 'alice'],
    ])
    expect(episodeRow(b, 'shared-1-2').reviewer).toBe('Alice')

    const third = await syncDesk(a, alice, 'alice')
    expect(third.pulled.map((p) => [p.analysisId, p.episodeId, p.owner])).toEqual([
      ['shared-1-bob', 'shared-1-bob', 'bob'],
    ])
    expect(await verifyDesk(a, alice)).toEqual([])
    expect(await verifyDesk(b, bob)).toEqual([])

    // A sync with nothing new reads no document and changes nothing.
    const idle = await syncDesk(a, alice, 'alice')
    expect([idle.pushed, idle.pulled, idle.conflicts]).toEqual([[], [], []])

    const listed = await catalogueAnalyses(a, alice)
    expect(listed.map((l) => [l.id, l.owner, l.revision, l.here])).toEqual([
      ['shared-1', 'alice', 1, 'shared-1'],
      ['shared-1-bob', 'bob', 1, 'shared-1-bob'],
    ])
  })

  it('pulls twenty analyses or more through the loading thread, each whole', async () => {
    const alice = await as('alice')
    const bob = await as('bob')
    // From 20 documents on, a pull reads and checks them on the loading thread.
    const ids = Array.from({ length: 21 }, (_, i) => `many${i}-1`)
    const a = library('alice', ...ids.map((id) => reviewersAnalysis(id)))
    expect((await syncDesk(a, alice, 'alice')).pushed).toHaveLength(21)
    const b = library('bob')
    const pulled = await syncDesk(b, bob, 'bob', { ids })
    expect(pulled.pulled.map((p) => p.analysisId).sort()).toEqual([...ids].sort())
    for (const id of ids) expect(episodeRow(b, id).reviewer).toBe('Alice')
    expect(await verifyDesk(b, bob)).toEqual([])
  })

  it('takes an edit to the catalogue as the next revision and brings it to the other library', async () => {
    const alice = await as('alice')
    const bob = await as('bob')
    const a = library('alice', reviewersAnalysis('edit-1'))
    const b = library('bob')
    await syncDesk(a, alice, 'alice')
    await syncDesk(b, bob, 'bob', { ids: ['edit-1'] })
    updateEpisode(a, 'edit-1', { title: 'Retitled by Alice' })
    expect(waitingChanges(a)).toBe(1)
    const pushed = await syncDesk(a, alice, 'alice')
    expect(pushed.pushed).toEqual([{ episodeId: 'edit-1', analysisId: 'edit-1', revision: 2 }])
    const pulled = await syncDesk(b, bob, 'bob')
    expect(pulled.pulled.map((p) => p.revision)).toEqual([2])
    expect(episodeRow(b, 'edit-1').title).toBe('Retitled by Alice')
    expect((await analysisHistory(alice, 'edit-1')).map((h) => [h.revision, h.owner, h.title])).toEqual([
      [1, 'alice', reviewersAnalysis('edit-1').episode.title],
      [2, 'alice', 'Retitled by Alice'],
    ])
    expect(await verifyDesk(b, bob)).toEqual([])
  })

  it('recognises a push whose answer was lost as a retry, never a second revision', async () => {
    const alice = await as('alice')
    const a = library('alice', reviewersAnalysis('retry-1'))
    await syncDesk(a, alice, 'alice')
    updateEpisode(a, 'retry-1', { title: 'Sent once' })
    // The push reached the catalogue, but the library never heard back: as a SIGKILL between the two.
    const before = deskAnalysisOf(a, 'retry-1')
    await syncDesk(a, alice, 'alice')
    a.prepare(
      `UPDATE desk_analyses SET revision = ?, content_hash = ?, pending_revision = 2, pending_hash = (SELECT content_hash FROM desk_analyses WHERE episode_id = 'retry-1') WHERE episode_id = 'retry-1'`,
    ).run(before?.revision, before?.contentHash)
    a.prepare(`INSERT INTO desk_outbox (episode_id, seq, mark) VALUES ('retry-1', 1, 1)`).run()
    const again = await syncDesk(a, alice, 'alice')
    expect(again.conflicts).toEqual([])
    expect((await analysisHistory(alice, 'retry-1')).map((h) => h.revision)).toEqual([1, 2])
    expect(deskAnalysisOf(a, 'retry-1')?.revision).toBe(2)
    expect(await verifyDesk(a, alice)).toEqual([])
  })

  it('keeps a change made on a copied library apart as <id>-conflict, overwriting nothing', async () => {
    const alice = await as('alice')
    const folder = tempFolder()
    const a = library('alice', reviewersAnalysis('two-1'))
    await syncDesk(a, alice, 'alice')
    // The same person's second machine: a copy of the library, as restoring a backup elsewhere makes.
    const copyFile = path.join(folder, 'copy.sqlite')
    await a.backup(copyFile)
    const a2 = openDatabase(copyFile)
    updateEpisode(a, 'two-1', { title: 'Changed on the laptop' })
    updateEpisode(a2, 'two-1', { title: 'Changed on the desktop' })
    await syncDesk(a, alice, 'alice')
    const later = await syncDesk(a2, alice, 'alice')
    expect(later.conflicts).toEqual([{ episodeId: 'two-1', analysisId: 'two-1', keptAs: 'two-1-conflict' }])
    const history = await analysisHistory(alice, 'two-1')
    expect(history.map((h) => h.title)).toEqual([
      reviewersAnalysis('two-1').episode.title,
      'Changed on the laptop',
    ])
    expect((await analysisHistory(alice, 'two-1-conflict')).map((h) => h.title)).toEqual([
      'Changed on the desktop',
    ])
    // Each machine then holds both, and verifies clean.
    await syncDesk(a, alice, 'alice')
    await syncDesk(a2, alice, 'alice')
    expect(await verifyDesk(a, alice)).toEqual([])
    expect(await verifyDesk(a2, alice)).toEqual([])
    expect(fs.existsSync(copyFile)).toBe(true)
  })

  it('says a change was kept apart even when the answer to that push was lost', async () => {
    const alice = await as('alice')
    const a = library('alice', reviewersAnalysis('lost-1'))
    await syncDesk(a, alice, 'alice')
    const copyFile = path.join(tempFolder(), 'copy.sqlite')
    await a.backup(copyFile)
    const a2 = openDatabase(copyFile)
    updateEpisode(a, 'lost-1', { title: 'First here' })
    updateEpisode(a2, 'lost-1', { title: 'Second there' })
    await syncDesk(a, alice, 'alice')
    const kept = await syncDesk(a2, alice, 'alice')
    expect(kept.conflicts.map((c) => c.keptAs)).toEqual(['lost-1-conflict'])
    // As if the copy's insert committed but the machine never heard back: pending, not yet said.
    const landed = deskAnalysisOf(a2, 'lost-1')
    a2.prepare(
      `UPDATE desk_analyses SET revision = 0, content_hash = NULL, pending_revision = 1, pending_hash = ?, conflict_of = 'lost-1' WHERE episode_id = 'lost-1'`,
    ).run(landed?.contentHash)
    a2.prepare(`INSERT INTO desk_outbox (episode_id, seq, mark) VALUES ('lost-1', 1, 1)`).run()
    const retried = await syncDesk(a2, alice, 'alice')
    expect(retried.conflicts).toEqual([
      { episodeId: 'lost-1', analysisId: 'lost-1', keptAs: 'lost-1-conflict' },
    ])
    expect((await analysisHistory(alice, 'lost-1-conflict')).map((h) => h.revision)).toEqual([1])
    expect(await verifyDesk(a2, alice)).toEqual([])
  })
})

describe.skipIf(skipPostgresTests())('what a pull leaves alone', () => {
  const { as, library } = withDesk()

  it('leaves a pulled analysis deleted or trashed here until it is asked for by id', async () => {
    const alice = await as('alice')
    const bob = await as('bob')
    const a = library('alice', reviewersAnalysis('gone-1', 'Alice'))
    const b = library('bob', reviewersAnalysis('gone-1b', 'Bob'))
    await syncDesk(a, alice, 'alice')
    await syncDesk(b, bob, 'bob')
    expect(await syncDesk(a, alice, 'alice')).toMatchObject({ pulled: [{ analysisId: 'gone-1b' }] })
    trashEpisode(a, 'gone-1b')
    updateEpisode(b, 'gone-1b', { title: 'Bob again' })
    await syncDesk(b, bob, 'bob')
    expect((await syncDesk(a, alice, 'alice')).pulled).toEqual([])
    expect(episodeRow(a, 'gone-1b').trashed_at).not.toBeNull()
    emptyTrash(a, new Date(Date.now() + 31 * 24 * 3600 * 1000))
    expect((await syncDesk(a, alice, 'alice')).pulled).toEqual([])
    expect(await verifyDesk(a, alice)).toEqual([])
    const asked = await syncDesk(a, alice, 'alice', { ids: ['gone-1b'] })
    expect(asked.pulled.map((p) => [p.analysisId, p.revision])).toEqual([['gone-1b', 2]])
    expect(episodeRow(a, 'gone-1b').title).toBe('Bob again')
  })

  it('says which analysis it could not take and still brings the others', async () => {
    const alice = await as('alice')
    const bob = await as('bob')
    const b = library('bob', reviewersAnalysis('odd-1', 'Bob'))
    await syncDesk(b, bob, 'bob')
    // A document no Episcore wrote, of the same media, pushed by Bob's own hand.
    const sha256 = createHash('sha256').update('odd').digest('hex')
    await bob.query(`INSERT INTO analyses (id, kind) VALUES ('odd-strange', 'person')`)
    await bob.query(
      `INSERT INTO revisions (analysis_id, revision, title, status, media_sha256, content_hash, document)
       VALUES ('odd-strange', 1, 'Strange', 'draft', $1, 'x', '{"format":"something-else"}')`,
      [sha256],
    )
    const a = library('alice', reviewersAnalysis('odd-2', 'Alice'))
    const outcome = await syncDesk(a, alice, 'alice')
    expect(outcome.pulled.map((p) => p.analysisId)).toEqual(['odd-1'])
    expect(outcome.kept).toEqual([
      { episodeId: 'odd-strange', reason: expect.stringMatching(/^not pulled: .*format/) },
    ])
  })
})
