import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { agreement } from '../../src/core/agreement/agreement'
import { addPerson } from '../../src/core/desk/catalogue'
import { deskBoard, deskDrift } from '../../src/core/desk/work/board'
import type { DeskWorkContext } from '../../src/core/desk/work/deskWorkContext'
import type { BoardEpisode } from '../../src/shared/contract/deskWork'
import { deskWorld, PASSWORD, type DeskWorld } from './faultHelpers'
import { assign, pushAnalysis, scoredDocument, submit, type Scores } from './deskBoardHelpers'
import { skipPostgresTests } from './postgresServer'

const SHOW = 'cache-show'
const MACHINE: Scores = [
  [2, 7, 1, 0],
  [5, 8, 6, 4],
  [3, 6, 0, 1],
]
const SCORES: Record<string, Scores> = {
  alice: [
    [3, 7, 2, 0],
    [5, 9, 6, 5],
    [4, 6, 1, 1],
  ],
  bob: [
    [9, 1, 8, 7],
    [0, 2, 9, 0],
    [8, 9, 4, 9],
  ],
  carol: [
    [2, 6, 1, 1],
    [5, 8, 5, 4],
    [3, 6, 1, 0],
  ],
}

/** What the board says of each episode's agreement, by episode. */
const agreements = (board: readonly BoardEpisode[]): Record<string, BoardEpisode['agreement']> =>
  Object.fromEntries(board.map((e) => [e.episode, e.agreement]))

describe.skipIf(skipPostgresTests())("the board's and the drift's figures kept in the library", () => {
  let world: DeskWorld
  let admin: pg.Client
  let db: DeskWorkContext['db']
  const sql: Record<string, pg.Client> = {}
  const client = (name: string): pg.Client => sql[name] as pg.Client
  /** The lead's library with a new desk: what a new process (the CLI, the app started again) has. */
  const freshLead = (): DeskWorkContext => ({ db, desk: world.service(db) })

  beforeAll(async () => {
    world = await deskWorld()
    for (const [name, role] of [
      ['lena', 'lead'],
      ['pipe', 'pipeline'],
      ['carol', 'reviewer'],
    ] as const)
      await addPerson({ adminUrl: world.server.adminUrl, name, role, password: PASSWORD })
    for (const name of ['lena', 'pipe', 'alice', 'bob', 'carol']) sql[name] = await world.as(name)
    admin = await world.admin()
    db = world.library('lena', []).db
  })
  afterAll(async () => {
    await world?.close()
  })

  async function scoreAndSubmit(id: string, reviewer: string): Promise<void> {
    const analysis = `${id}-${reviewer}`
    const doc = scoredDocument(analysis, id, SCORES[reviewer] as Scores, { reviewer, show: SHOW })
    await pushAnalysis(client(reviewer), 'person', doc)
    await submit(client(reviewer), analysis)
  }

  /**
   * Makes every stored document of an episode's analyses unreadable, as the admin can: a board or drift
   * that read them again would find them failing the check and show no agreement, no figures.
   */
  async function spoilDocuments(episode: string): Promise<void> {
    await admin.query(`UPDATE revisions SET document = '{"not": "an episode"}' WHERE analysis_id LIKE $1`, [
      `${episode}%`,
    ])
  }

  it('answers a new desk from the library without reading documents, and measures again only the episode a submission moved', async () => {
    for (const id of ['k1', 'k2']) {
      const machine = scoredDocument(id, id, MACHINE, { reviewer: null, show: SHOW })
      await pushAnalysis(client('pipe'), 'machine', machine)
      for (const reviewer of ['alice', 'bob']) {
        await assign(client('lena'), id, id, reviewer)
        await scoreAndSubmit(id, reviewer)
      }
    }
    await assign(client('lena'), 'k1', 'k1', 'carol')

    const first = freshLead()
    const board = await deskBoard(first, { show: SHOW })
    const drift = await deskDrift(first, { show: SHOW })
    expect(board.map((e) => e.worst)).not.toContain(null)
    expect(drift.figures.some((f) => f.n > 0)).toBe(true)
    expect(db.prepare(`SELECT count(*) AS n FROM desk_board_agreements`).get()).toEqual({ n: 2 })

    // Nothing submitted since: a new desk shows the same figures though no document could be read now.
    await spoilDocuments('k1')
    await spoilDocuments('k2')
    const again = freshLead()
    expect(agreements(await deskBoard(again, { show: SHOW }))).toEqual(agreements(board))
    expect(await deskDrift(again, { show: SHOW })).toEqual(drift)

    // Carol's submission moves k1 only: measured again over her document (the others' are now unreadable,
    // so too few remain to measure), while k2 keeps the figures it had without its documents being read.
    await scoreAndSubmit('k1', 'carol')
    const later = agreements(await deskBoard(freshLead(), { show: SHOW }))
    expect(later.k1).toBeNull()
    expect(later.k2).toEqual(agreements(board).k2)
  })

  it('measures the set of submitted revisions it is given: a new desk after a submission agrees with the agreement of the documents', async () => {
    for (const reviewer of ['alice', 'bob', 'carol']) {
      await assign(client('lena'), 'k3', 'k3', reviewer)
      await scoreAndSubmit('k3', reviewer)
    }
    const board = await deskBoard(freshLead(), { show: SHOW })
    const k3 = board.find((e) => e.episode === 'k3')
    const expected = agreement(
      ['alice', 'bob', 'carol'].map((reviewer) => ({
        source: `k3-${reviewer}`,
        document: scoredDocument(`k3-${reviewer}`, 'k3', SCORES[reviewer] as Scores, {
          reviewer,
          show: SHOW,
        }),
      })),
    )
    for (const d of k3?.agreement ?? [])
      expect(d.alpha).toBeCloseTo(expected.dimensions[d.dimension]?.alpha.interval as number, 12)
    // Read back from the library by a new desk: the same figures, bands included.
    const again = (await deskBoard(freshLead(), { show: SHOW })).find((e) => e.episode === 'k3')
    expect(again).toEqual(k3)
  })

  it('gives the same board from a catalogue that keeps no latest revision numbers (schema 4), reading the revisions', async () => {
    const kept = await deskBoard(freshLead(), { show: SHOW })
    expect(kept.length).toBeGreaterThan(0)
    await admin.query('ALTER TABLE latest_revisions RENAME TO latest_revisions_aside')
    try {
      expect(await deskBoard(freshLead(), { show: SHOW })).toEqual(kept)
    } finally {
      await admin.query('ALTER TABLE latest_revisions_aside RENAME TO latest_revisions')
    }
  })
})
