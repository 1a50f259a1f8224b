import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../src/core/db/openDatabase'
import { addPerson } from '../../src/core/desk/catalogue'
import type { DeskService } from '../../src/core/desk/deskService'
import { deskAnalyses } from '../../src/core/desk/sync/deskAnalyses'
import { assignEpisodes, deskQueue, sendBack, submitAnalysis } from '../../src/core/desk/work/assignments'
import type { DeskWorkContext } from '../../src/core/desk/work/deskWorkContext'
import { episodeRow } from '../../src/core/episodes/episodeQueries'
import { updateEpisode } from '../../src/core/episodes/updateEpisode'
import { exportEpisode } from '../../src/core/export/exportEpisode'
import { setBlind } from '../../src/core/review/blindReview'
import type { EpisodeDocument } from '../../src/shared/episodeFormat'
import { machineEpisode } from '../machineEpisode'
import { reviewEverything } from '../unit/publishFixture'
import { deskWorld, PASSWORD, personsAnalysis, type DeskWorld } from './faultHelpers'
import { skipPostgresTests } from './postgresServer'

/** The machine's unreviewed run on media of its own (`mediaKey`): a pipeline pushes it, kind machine. */
function machineRun(id: string, mediaKey = id): EpisodeDocument {
  const doc = machineEpisode(id)
  const sha256 = createHash('sha256').update(mediaKey).digest('hex')
  return { ...doc, episode: { ...doc.episode, media: doc.episode.media && { ...doc.episode.media, sha256 } } }
}

const refusal = async (work: Promise<unknown>): Promise<string> => {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error, 'refused').toBeInstanceOf(Error)
  const message = (error as Error).message
  expect(message).not.toMatch(/\n/)
  return message
}

describe.skipIf(skipPostgresTests())('desk assignments: a lead and two reviewers on three libraries', () => {
  let world: DeskWorld
  const desks: Record<string, { db: Db; desk: DeskService; context: DeskWorkContext }> = {}
  const as = (user: string) => {
    const d = desks[user]
    if (!d) throw new Error(`no library of ${user}'s`)
    return d
  }
  const psqlAs = (user: string, sql: string) =>
    world.server.psql([world.server.urlFor(user, PASSWORD), '-tAc', sql])
  const adminRows = async <T extends object>(sql: string, params: unknown[] = []): Promise<T[]> => {
    const admin = await world.admin()
    return (await admin.query(sql, params)).rows as T[]
  }

  beforeAll(async () => {
    world = await deskWorld()
    const adminUrl = world.server.adminUrl
    await addPerson({ adminUrl, name: 'lena', role: 'lead', password: PASSWORD })
    await addPerson({ adminUrl, name: 'pipe', role: 'pipeline', password: PASSWORD })
    await addPerson({ adminUrl, name: 'carl', role: 'reviewer', password: PASSWORD })
    const docs: Record<string, EpisodeDocument[]> = {
      pipe: [machineRun('mach-1'), machineRun('mach-2')],
      lena: [personsAnalysis('plain-1', 'Lena', 'plain-1')],
      alice: [],
      bob: [],
      carl: [],
    }
    for (const [user, held] of Object.entries(docs)) {
      const { db } = world.library(user, held)
      const desk = world.service(db)
      desks[user] = { db, desk, context: { db, desk } }
    }
    await as('pipe').desk.sync()
    await as('lena').desk.sync()
  })
  afterAll(async () => {
    await world?.close()
  })

  it('refuses what is wrong, naming it, and a reviewer assigning', async () => {
    const lead = as('lena').context
    const ask = { ids: ['mach-1'], reviewers: ['alice', 'bob'], overlap: 2 }
    expect(await refusal(assignEpisodes(lead, { ...ask, reviewers: ['alice', 'zoe'] }))).toMatch(
      /unknown reviewer zoe/,
    )
    expect(await refusal(assignEpisodes(lead, { ...ask, overlap: 3 }))).toMatch(
      /--overlap 3 is more than the 2/,
    )
    expect(await refusal(assignEpisodes(lead, { ...ask, ids: ['mach-1', 'nope'] }))).toMatch(
      /no episode nope/,
    )
    expect(await refusal(assignEpisodes(lead, { ...ask, reviewers: ['alice', 'lena'] }))).toMatch(
      /lena is a lead of this desk, not a reviewer/,
    )
    expect(await refusal(assignEpisodes(lead, { ...ask, due: '2030-02-30' }))).toMatch(/--due 2030-02-30/)
    expect(await refusal(assignEpisodes(as('alice').context, ask))).toMatch(/the lead's: alice is not a lead/)
    expect(await adminRows('SELECT * FROM assignments')).toEqual([])
  })

  it('assigns with overlap 2 and blind; each reviewer’s sync makes their copy, listed in their queue', async () => {
    const lead = as('lena').context
    const outcome = await assignEpisodes(lead, {
      ids: ['mach-1', 'plain-1'],
      reviewers: ['alice', 'bob'],
      overlap: 2,
      due: '2030-01-31',
      blind: true,
    })
    expect(
      outcome.assigned.map((a) => [a.episode, a.reviewer, a.analysis, a.state, a.due, a.blind]).sort(),
    ).toEqual([
      ['mach-1', 'alice', 'mach-1-alice', 'assigned', '2030-01-31', true],
      ['mach-1', 'bob', 'mach-1-bob', 'assigned', '2030-01-31', true],
      ['plain-1', 'alice', 'plain-1-alice', 'assigned', '2030-01-31', true],
      ['plain-1', 'bob', 'plain-1-bob', 'assigned', '2030-01-31', true],
    ])
    // Given again by id: refused, nothing written twice.
    expect(
      await refusal(assignEpisodes(lead, { ids: ['mach-1'], reviewers: ['alice', 'bob'], overlap: 1 })),
    ).toMatch(/episode mach-1 is already assigned \(to alice, bob\)/)

    const alice = as('alice')
    const report = await alice.desk.sync()
    expect(report.pushed.map((p) => p.analysisId).sort()).toEqual(['mach-1-alice', 'plain-1-alice'])
    const copy = episodeRow(alice.db, 'mach-1-alice')
    expect([copy.reviewer, copy.blind]).toEqual(['alice', 1])
    expect(exportEpisode(alice.db, 'mach-1-alice').chapters.length).toBe(machineRun('mach-1').chapters.length)
    // No machine analysis: the episode's media and transcript, nobody's chapters, highlights or statements.
    const empty = exportEpisode(alice.db, 'plain-1-alice')
    expect([empty.chapters, empty.highlights, empty.statements]).toEqual([[], [], []])
    expect(empty.episode.media?.sha256).toBe(
      personsAnalysis('plain-1', 'Lena', 'plain-1').episode.media?.sha256,
    )
    expect(empty.transcript?.segments.length).toBeGreaterThan(0)
    expect(
      await adminRows(`SELECT id, owner::text, kind FROM analyses WHERE id LIKE '%-alice' ORDER BY id`),
    ).toEqual([
      { id: 'mach-1-alice', owner: 'alice', kind: 'person' },
      { id: 'plain-1-alice', owner: 'alice', kind: 'person' },
    ])

    const queue = await deskQueue(alice.context)
    expect(queue.map((q) => [q.episode, q.analysis, q.state, q.due, q.here])).toEqual([
      ['mach-1', 'mach-1-alice', 'assigned', '2030-01-31', 'mach-1-alice'],
      ['plain-1', 'plain-1-alice', 'assigned', '2030-01-31', 'plain-1-alice'],
    ])
    expect(() => setBlind(alice.db, 'mach-1-alice', false)).toThrow(
      'blind scoring is the rule for this assignment (set by the lead)',
    )
    // Offline, the queue answers from the library.
    await world.server.stop('fast')
    try {
      expect((await deskQueue(alice.context)).map((q) => q.analysis)).toEqual([
        'mach-1-alice',
        'plain-1-alice',
      ])
    } finally {
      await world.server.start()
    }
  })

  it('hides alice’s blind work from bob until he submits; an edit starts, submit needs it free of errors', async () => {
    const alice = as('alice')
    const bob = as('bob')
    await bob.desk.sync()
    const bobHas = () => deskAnalyses(bob.db).map((a) => a.analysisId)
    expect(bobHas()).not.toContain('mach-1-alice')
    expect(bobHas()).toContain('mach-1-bob')
    // The catalogue itself hides it, not only the app.
    expect(psqlAs('bob', `SELECT count(*) FROM revisions WHERE owner = 'alice'`).stdout.trim()).toBe('0')

    updateEpisode(alice.db, 'mach-1-alice', { title: 'Alice was here' })
    await alice.desk.sync()
    expect((await deskQueue(alice.context)).find((q) => q.analysis === 'mach-1-alice')?.state).toBe('started')

    expect(await refusal(submitAnalysis(alice.context, 'mach-1-alice'))).toMatch(
      /is not ready \(as for publishing\): \d+ problems?: /,
    )
    expect(await refusal(submitAnalysis(alice.context, 'plain-1-bob'))).toMatch(/no analysis plain-1-bob/)
    reviewEverything(alice.db, 'mach-1-alice')
    const submitted = await submitAnalysis(alice.context, 'mach-1-alice')
    expect([submitted.state, submitted.here]).toEqual(['submitted', 'mach-1-alice'])
    expect(await refusal(submitAnalysis(alice.context, 'mach-1-alice'))).toMatch(/submitted already/)

    await bob.desk.sync()
    expect(bobHas()).not.toContain('mach-1-alice')
    reviewEverything(bob.db, 'mach-1-bob')
    await submitAnalysis(bob.context, 'mach-1-bob')
    await bob.desk.sync()
    expect(bobHas()).toContain('mach-1-alice')
    expect(episodeRow(bob.db, 'mach-1-alice').title).toBe('Alice was here')
  })

  it('refuses the lead’s actions to a reviewer in PostgreSQL itself; the lead sends work back with a note', async () => {
    const insert = psqlAs(
      'alice',
      `INSERT INTO assignments (episode, reviewer, analysis_id) VALUES ('x', 'alice', 'x-alice')`,
    )
    expect([insert.status, insert.stderr]).toEqual([
      expect.not.stringMatching(/^0$/) as unknown,
      expect.stringMatching(/permission denied/),
    ])
    const note = psqlAs('alice', `UPDATE assignments SET note = 'mine' WHERE reviewer = 'alice'`)
    expect(note.stderr).toMatch(/permission denied/)
    const remove = psqlAs('alice', `DELETE FROM assignments WHERE reviewer = 'alice'`)
    expect(remove.stderr).toMatch(/permission denied/)
    // Moving submitted work back is not the reviewer's: the row is not theirs to update any more.
    const back = psqlAs(
      'alice',
      `UPDATE assignments SET state = 'started' WHERE analysis_id = 'mach-1-alice'`,
    )
    expect([back.status, back.stdout.trim()]).toEqual([0, 'UPDATE 0'])
    expect(await adminRows(`SELECT state FROM assignments WHERE analysis_id = 'mach-1-alice'`)).toEqual([
      { state: 'submitted' },
    ])
    expect(
      await refusal(sendBack(as('alice').context, { episode: 'mach-1', reviewer: 'alice', note: 'x' })),
    ).toMatch(/the lead's: alice is not a lead/)

    const lead = as('lena').context
    const sent = await sendBack(lead, {
      episode: 'mach-1',
      reviewer: 'alice',
      note: 'Chapter 2 needs its why',
    })
    expect([sent.state, sent.note]).toEqual(['assigned', 'Chapter 2 needs its why'])
    expect(await refusal(sendBack(lead, { episode: 'plain-1', reviewer: 'alice', note: 'x' }))).toMatch(
      /alice's work on plain-1 is assigned: only submitted work is sent back/,
    )
    const queued = (await deskQueue(as('alice').context)).find((q) => q.analysis === 'mach-1-alice')
    expect([queued?.state, queued?.note]).toEqual(['assigned', 'Chapter 2 needs its why'])
  })

  it('keeps a removed person’s submitted work; the others’ queues and syncs go on', async () => {
    const lead = as('lena').context
    await assignEpisodes(lead, { ids: ['mach-2'], reviewers: ['alice', 'carl'], overlap: 2 })
    const carl = as('carl')
    await carl.desk.sync()
    reviewEverything(carl.db, 'mach-2-carl')
    await submitAnalysis(carl.context, 'mach-2-carl')
    await carl.desk.close()
    const admin = await world.admin()
    await admin.query(`REVOKE CONNECT ON DATABASE desk FROM carl`)
    await admin.query(`DROP ROLE carl`)

    const alice = as('alice')
    await alice.desk.sync()
    expect((await deskQueue(alice.context)).map((q) => q.analysis)).toContain('mach-2-alice')
    await as('lena').desk.sync()
    expect(await adminRows(`SELECT state FROM assignments WHERE analysis_id = 'mach-2-carl'`)).toEqual([
      { state: 'submitted' },
    ])
    // The copy as made, then as reviewed and submitted.
    expect(
      await adminRows(`SELECT count(*)::int AS n FROM revisions WHERE analysis_id = 'mach-2-carl'`),
    ).toEqual([{ n: 2 }])
    expect(
      await refusal(assignEpisodes(lead, { ids: ['plain-1'], reviewers: ['carl'], overlap: 1 })),
    ).toMatch(/carl was removed from this desk/)
  })

  it('assigns a show of 1,000 episodes in one call, balanced, and passes by what is assigned', async () => {
    const admin = await world.admin()
    await admin.query(
      `INSERT INTO analyses (id, owner, kind) SELECT 'big-' || i, 'pipe', 'machine' FROM generate_series(1, 1000) i`,
    )
    await admin.query(
      `INSERT INTO revisions (analysis_id, revision, owner, show, title, status, media_sha256, content_hash, document)
       SELECT 'big-' || i, 1, 'pipe', 'big-show', 'Episode ' || i, 'draft', md5('big' || i), md5('d' || i), '{}'
       FROM generate_series(1, 1000) i`,
    )
    const started = Date.now()
    const outcome = await assignEpisodes(as('lena').context, {
      show: 'big-show',
      reviewers: ['alice', 'bob'],
      overlap: 1,
      calibration: 0.1,
    })
    console.log(`desk assign of 1,000 episodes: ${Date.now() - started} ms`)
    expect(outcome.calibration).toHaveLength(100)
    expect(outcome.assigned).toHaveLength(900 + 200)
    const per = (who: string) => outcome.assigned.filter((a) => a.reviewer === who).length
    expect(Math.abs(per('alice') - per('bob'))).toBeLessThanOrEqual(1)
    expect(outcome.assigned.find((a) => a.episode === 'big-7')?.analysis).toMatch(/^big-7-(alice|bob)$/)
    const again = await assignEpisodes(as('lena').context, {
      show: 'big-show',
      reviewers: ['alice'],
      overlap: 1,
    })
    expect(again.assigned).toEqual([])
  })
})
