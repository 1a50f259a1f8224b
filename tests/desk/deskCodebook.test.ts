import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CodebookContent } from '../../src/core/codebook/codebookRows'
import {
  codebookVersions,
  getCodebook,
  publishCodebook,
  saveDraft,
} from '../../src/core/codebook/codebookVersions'
import { moveAnalysis } from '../../src/core/codebook/analysisCodebook'
import { stampOf } from '../../src/core/codebook/codebookStamp'
import type { Db } from '../../src/core/db/openDatabase'
import { redo, undo } from '../../src/core/history/editHistory'
import { addPerson } from '../../src/core/desk/catalogue'
import { syncDesk } from '../../src/core/desk/sync/syncDesk'
import { deskDrift, setConsensus } from '../../src/core/desk/work/board'
import type { DeskWorkContext } from '../../src/core/desk/work/deskWorkContext'
import type { EpisodeDocument } from '../../src/shared/episodeFormat'
import { SEED_DIMENSIONS, SEED_SCALE } from '../../src/shared/rubric'
import { assign, DIMENSIONS, pushAnalysis, scoredDocument, submit, type Scores } from './deskBoardHelpers'
import { deskWorld, PASSWORD, personsAnalysis, type DeskWorld } from './faultHelpers'
import { skipPostgresTests } from './postgresServer'

const SHOW = 'cb-show'

/**
 * The seed rubric as a codebook: descriptors covering its scale in two bands; `anchored`, an anchor on
 * the first dimension at a moment of the lead's own analysis cb-1 (a draft's anchors must be in its library).
 */
const content = (first = 'Clear enough to follow', anchored = false): CodebookContent => ({
  scale: { ...SEED_SCALE },
  dimensions: SEED_DIMENSIONS.map((d, i) => ({
    key: d.key,
    label: d.label,
    definition: `What ${d.label} means here`,
    highlightLabel: d.highlightLabel,
    levels: [
      { from: SEED_SCALE.min, to: SEED_SCALE.min + 4, text: i === 0 ? first : 'Weak' },
      { from: SEED_SCALE.min + 5, to: SEED_SCALE.max, text: 'Strong' },
    ],
    anchors:
      anchored && i === 0
        ? [{ id: 'a1', target: { kind: 'range', episodeId: 'cb-1', start: 1, end: 5 }, note: 'a 7' }]
        : [],
  })),
})

/** A version as two libraries can compare it: what it says, not when each library came by it. */
const said = (db: Db, version: number) => {
  const v = getCodebook(db, SHOW, version)
  return v && { state: v.state, scale: v.scale, dimensions: v.dimensions }
}

describe.skipIf(skipPostgresTests())('codebooks through the desk, against a real PostgreSQL', () => {
  let world: DeskWorld
  let admin: pg.Client
  let leadDb: Db
  const sql: Record<string, pg.Client> = {}
  const client = (name: string): pg.Client => sql[name] as pg.Client
  const sync = (db: Db, user: string) => syncDesk(db, client(user), user)
  const deskRows = async () =>
    (await admin.query(`SELECT show, version, owner, content FROM codebooks ORDER BY show, version`)).rows

  beforeAll(async () => {
    world = await deskWorld()
    await addPerson({ adminUrl: world.server.adminUrl, name: 'lena', role: 'lead', password: PASSWORD })
    admin = await world.admin()
    for (const name of ['lena', 'alice', 'bob']) sql[name] = await world.as(name)
    leadDb = world.library('lena', [personsAnalysis('cb-1', 'Lena')]).db
  })
  afterAll(async () => {
    await world?.close()
  })

  it("shares a lead's published version with the desk, once, and a reviewer's library takes it, frozen", async () => {
    saveDraft(leadDb, SHOW, content(undefined, true))
    const draftOnly = await sync(leadDb, 'lena')
    expect(draftOnly.kept).toEqual([])
    expect(await deskRows()).toEqual([]) // a draft stays in its library
    publishCodebook(leadDb, SHOW)
    expect((await sync(leadDb, 'lena')).kept).toEqual([])
    const rows = await deskRows()
    expect(rows).toEqual([expect.objectContaining({ show: SHOW, version: 1, owner: 'lena' })])
    // Anchors travel as they are: a library without cb-1 says the anchor's analysis is not there.
    expect(rows[0].content).toEqual({ scale: SEED_SCALE, dimensions: said(leadDb, 1)?.dimensions })
    expect(rows[0].content.dimensions[0].anchors).toHaveLength(1)
    await sync(leadDb, 'lena')
    expect(await deskRows()).toHaveLength(1) // idempotent

    const aliceDb = world.library('alice', []).db
    expect((await sync(aliceDb, 'alice')).kept).toEqual([])
    expect(said(aliceDb, 1)).toEqual(said(leadDb, 1))
    expect(said(aliceDb, 1)?.state).toBe('published')
    // Frozen: editing makes the next version; the desk's stays as it came.
    saveDraft(aliceDb, SHOW, content('Changed in Alice’s library'))
    expect(codebookVersions(aliceDb, SHOW).map((v) => [v.version, v.state])).toEqual([
      [1, 'published'],
      [2, 'draft'],
    ])
    expect(said(aliceDb, 1)).toEqual(said(leadDb, 1))
    expect((await sync(aliceDb, 'alice')).kept).toEqual([])
    expect(said(aliceDb, 1)).toEqual(said(leadDb, 1))
  })

  it('refuses, in PostgreSQL itself, a reviewer inserting a codebook and anyone changing or deleting one', () => {
    const as = (who: string, statement: string) =>
      world.server.psql([`postgresql://${who}@127.0.0.1:${world.server.port}/desk`, '-tAc', statement], {
        PGPASSWORD: PASSWORD,
      })
    const insert = as('alice', `INSERT INTO codebooks (show, version, content) VALUES ('${SHOW}', 2, '{}')`)
    expect(insert.status).not.toBe(0)
    expect(insert.stderr).toMatch(/row-level security/)
    const posing = as(
      'alice',
      `INSERT INTO codebooks (show, version, content, owner) VALUES ('${SHOW}', 2, '{}', 'lena')`,
    )
    expect(posing.stderr).toMatch(/row-level security/)
    for (const who of ['alice', 'lena']) {
      expect(as(who, `UPDATE codebooks SET content = '{}'`).stderr).toMatch(/permission denied/)
      expect(as(who, `DELETE FROM codebooks`).stderr).toMatch(/permission denied/)
    }
    expect(as('lena', 'SELECT count(*) FROM codebooks').stdout.trim()).toBe('1')
  })

  it("moves a reviewer's own versions past the desk's, in their order, and takes the desk's", async () => {
    const bobDb = world.library('bob', []).db
    saveDraft(bobDb, SHOW, content('Bob’s own reading'))
    publishCodebook(bobDb, SHOW)
    saveDraft(bobDb, SHOW, content('Bob’s second reading'))
    publishCodebook(bobDb, SHOW)
    const [first, second] = [said(bobDb, 1), said(bobDb, 2)]
    const report = await sync(bobDb, 'bob')
    expect(report.kept).toEqual([
      {
        episodeId: `codebook ${SHOW} v1`,
        reason:
          "the desk's v1 says otherwise (another lead published it first): this library's version is now v2",
      },
      {
        episodeId: `codebook ${SHOW} v2`,
        reason: "the desk has published up to v1: this library's version is now v3",
      },
      { episodeId: `codebook ${SHOW} v2`, reason: 'not in the desk: only a lead shares a codebook' },
      { episodeId: `codebook ${SHOW} v3`, reason: 'not in the desk: only a lead shares a codebook' },
    ])
    expect(said(bobDb, 1)).toEqual(said(leadDb, 1))
    expect([said(bobDb, 2), said(bobDb, 3)]).toEqual([first, second])
    expect(getCodebook(bobDb, SHOW)?.version).toBe(3) // his latest stays his current one
    expect((await deskRows()).map((r) => [r.version, r.owner])).toEqual([[1, 'lena']])
    const again = await sync(bobDb, 'bob')
    expect(again.kept.map((k) => k.reason)).toEqual([
      'not in the desk: only a lead shares a codebook',
      'not in the desk: only a lead shares a codebook',
    ])
    expect(codebookVersions(bobDb, SHOW)).toHaveLength(3) // said again, moved nothing
  })

  it('renumbers the second lead to reach the desk, restamps their analyses and their undo, and shares both', async () => {
    await addPerson({ adminUrl: world.server.adminUrl, name: 'leo', role: 'lead', password: PASSWORD })
    sql.leo = await world.as('leo')
    const leos = personsAnalysis('cb-leo', 'Leo')
    const leoDb = world.library('leo', [{ ...leos, episode: { ...leos.episode, show: SHOW } }]).db
    // Leo published his own version 1 while apart from the desk, and scored his analysis under it.
    saveDraft(leoDb, SHOW, content('Leo’s reading'))
    publishCodebook(leoDb, SHOW)
    const his = said(leoDb, 1)
    moveAnalysis(leoDb, 'cb-leo')
    expect(stampOf(leoDb, 'cb-leo')).toEqual({ show: SHOW, version: 1 })
    saveDraft(leoDb, SHOW, content('Leo’s next thoughts'))

    const report = await sync(leoDb, 'leo')
    expect(report.kept).toEqual([
      {
        episodeId: `codebook ${SHOW} v1`,
        reason:
          "the desk's v1 says otherwise (another lead published it first): this library's version is now v2, with the analysis scored under it",
      },
      {
        episodeId: `codebook ${SHOW} v2`,
        reason: "the desk has published up to v1: this library's draft is now v3",
      },
    ])
    expect(said(leoDb, 1)).toEqual(said(leadDb, 1))
    expect(said(leoDb, 2)).toEqual(his)
    expect(codebookVersions(leoDb, SHOW).map((v) => [v.version, v.state, v.used])).toEqual([
      [1, 'published', false],
      [2, 'published', true],
      [3, 'draft', false],
    ])
    expect(stampOf(leoDb, 'cb-leo')).toEqual({ show: SHOW, version: 2 })
    // Shared in the same round: his version under its new number, his analysis stamped with it.
    expect((await deskRows()).map((r) => [r.version, r.owner])).toEqual([
      [1, 'lena'],
      [2, 'leo'],
    ])
    // Pushed as it was, then again restamped, both in this round.
    expect(report.pushed.map((p) => p.episodeId)).toEqual(['cb-leo', 'cb-leo'])
    expect(report.waiting).toBe(0)
    const { rows } = await admin.query<{ document: string }>(
      `SELECT document FROM revisions WHERE analysis_id = 'cb-leo' ORDER BY revision DESC LIMIT 1`,
    )
    expect(JSON.parse(rows[0]?.document ?? '{}').rubric.codebook).toEqual({ show: SHOW, version: 2 })
    // Undo and redo of the move name the version it moved to, never the desk's version 1.
    undo(leoDb, 'cb-leo')
    expect(stampOf(leoDb, 'cb-leo')).toBeNull()
    redo(leoDb, 'cb-leo')
    expect(stampOf(leoDb, 'cb-leo')).toEqual({ show: SHOW, version: 2 })

    // Lena's library takes Leo's version as 2 and his analysis stamped with it; nothing moves again.
    expect((await syncDesk(leadDb, client('lena'), 'lena', { ids: ['cb-leo'] })).kept).toEqual([])
    expect(said(leadDb, 2)).toEqual(his)
    expect(stampOf(leadDb, 'cb-leo')).toEqual({ show: SHOW, version: 2 })
    expect((await sync(leoDb, 'leo')).kept).toEqual([])
    expect(codebookVersions(leoDb, SHOW)).toHaveLength(3)
  })

  it('compares scores for the drift only where the dimension and the scale meant the same', async () => {
    const lead: DeskWorkContext = { db: leadDb, desk: world.service(leadDb) }
    const S: Scores = [
      [5, 5, 5, 5],
      [6, 6, 6, 6],
      [7, 7, 7, 7],
    ]
    const stamped = (doc: EpisodeDocument, version: number, changed = false): EpisodeDocument => ({
      ...doc,
      rubric: {
        ...doc.rubric,
        codebook: { show: SHOW, version },
        dimensions: doc.rubric.dimensions.map((d, i) =>
          changed && i === 0 ? { ...d, description: 'Now a different thing' } : d,
        ),
      },
    })
    const doc = (id: string, who: string, scores: Scores, version: number, changed = false) =>
      stamped(scoredDocument(id, 'drift-1', scores, { reviewer: who, show: SHOW }), version, changed)
    // The consensus first: an episode is named by its first analysis.
    await pushAnalysis(client('lena'), 'consensus', doc('drift-1', 'lena', S, 1))
    await assign(client('lena'), 'drift-1', 'drift-1', 'alice')
    await assign(client('lena'), 'drift-1', 'drift-1', 'bob')
    await pushAnalysis(client('alice'), 'person', doc('drift-1-alice', 'alice', S, 1))
    await submit(client('alice'), 'drift-1-alice', '2026-03-10T09:00:00Z')
    // Bob scored under version 2, which kept every dimension but the first as it was.
    await pushAnalysis(client('bob'), 'person', doc('drift-1-bob', 'bob', S, 2, true))
    await submit(client('bob'), 'drift-1-bob', '2026-03-11T09:00:00Z')
    await setConsensus(lead, { episode: 'drift-1', analysis: 'drift-1' })

    const report = await deskDrift(lead, { show: SHOW })
    const n = (who: string, d: number) =>
      report.figures.find((x) => x.who === who && x.dimension === DIMENSIONS[d] && x.month === null)?.n
    expect(DIMENSIONS.map((_, d) => n('alice', d))).toEqual([3, 3, 3, 3])
    expect(DIMENSIONS.map((_, d) => n('bob', d))).toEqual([0, 3, 3, 3])
    // Read again from what the library kept, the same.
    expect(await deskDrift(lead, { show: SHOW })).toEqual(report)
  })
})
