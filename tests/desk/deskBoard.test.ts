import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { agreement } from '../../src/core/agreement/agreement'
import { addPerson } from '../../src/core/desk/catalogue'
import { calibrationResult, deskBoard, setConsensus, setReference } from '../../src/core/desk/work/board'
import type { DeskWorkContext } from '../../src/core/desk/work/deskWorkContext'
import { alphaBand } from '../../src/shared/agreement'
import { deskWorld, PASSWORD, type DeskWorld } from './faultHelpers'
import { assign, DIMENSIONS, pushAnalysis, scoredDocument, submit, type Scores } from './deskBoardHelpers'
import { skipPostgresTests } from './postgresServer'

const MACHINE: Scores = [
  [2, 7, 1, 0],
  [5, 8, 6, 4],
  [3, 6, 0, 1],
]

describe.skipIf(skipPostgresTests())("the lead's board against a real PostgreSQL", () => {
  let world: DeskWorld
  let lead: DeskWorkContext
  let alice: DeskWorkContext
  const sql: Record<string, pg.Client> = {}

  beforeAll(async () => {
    world = await deskWorld()
    for (const [name, role] of [
      ['lena', 'lead'],
      ['pipe', 'pipeline'],
      ['carol', 'reviewer'],
    ] as const)
      await addPerson({ adminUrl: world.server.adminUrl, name, role, password: PASSWORD })
    for (const name of ['lena', 'pipe', 'alice', 'bob', 'carol']) sql[name] = await world.as(name)
    const leadLibrary = world.library('lena', [])
    lead = { db: leadLibrary.db, desk: world.service(leadLibrary.db) }
    const aliceLibrary = world.library('alice', [])
    alice = { db: aliceLibrary.db, desk: world.service(aliceLibrary.db) }
  })
  afterAll(async () => {
    await world?.close()
  })

  const client = (name: string): pg.Client => sql[name] as pg.Client

  /** An episode of the pipeline's: its machine analysis, named as the catalogue names the episode. */
  async function machineEpisode(id: string, show = 'board-show'): Promise<void> {
    await pushAnalysis(client('pipe'), 'machine', scoredDocument(id, id, MACHINE, { reviewer: null, show }))
  }

  /** A reviewer's analysis of episode `id` (their review copy, pushed from their library), submitted. */
  async function scoreAndSubmit(id: string, reviewer: string, scores: Scores, at?: string): Promise<void> {
    const analysis = `${id}-${reviewer}`
    await pushAnalysis(client(reviewer), 'person', scoredDocument(analysis, id, scores, { reviewer }))
    await submit(client(reviewer), analysis, at)
  }

  it('lists reviewers and states, measures alpha once two are submitted, worst first, and flags a person removed', async () => {
    for (const id of ['b1', 'b2', 'b3']) {
      await machineEpisode(id)
      for (const reviewer of ['alice', 'bob']) await assign(client('lena'), id, id, reviewer)
    }
    await assign(client('lena'), 'b1', 'b1', 'carol')

    const before = await deskBoard(lead, {})
    expect(before.map((e) => e.episode)).toEqual(['b1', 'b2', 'b3'])
    expect(before[0]).toMatchObject({
      title: expect.stringContaining('Agentic RL'),
      show: 'board-show',
      agreement: null,
      worst: null,
      consensus: null,
      reviewers: [
        { reviewer: 'alice', analysis: 'b1-alice', state: 'assigned', removed: false },
        { reviewer: 'bob', analysis: 'b1-bob', state: 'assigned', removed: false },
        { reviewer: 'carol', analysis: 'b1-carol', state: 'assigned', removed: false },
      ],
    })

    // One submission is no agreement yet.
    const aliceB1: Scores = [
      [2, 7, 1, 0],
      [6, 8, 5, 4],
      [3, 5, 0, 2],
    ]
    await scoreAndSubmit('b1', 'alice', aliceB1)
    const one = await deskBoard(lead, {})
    expect(one.find((e) => e.episode === 'b1')).toMatchObject({ agreement: null, worst: null })
    expect(one.find((e) => e.episode === 'b1')?.reviewers[0]?.state).toBe('submitted')

    // b1: bob far from alice; b3: the two nearly agree. b2 has nothing submitted.
    const bobB1: Scores = [
      [9, 1, 8, 7],
      [0, 2, 9, 0],
      [8, 9, 4, 9],
    ]
    await scoreAndSubmit('b1', 'bob', bobB1)
    await scoreAndSubmit('b3', 'alice', MACHINE)
    await scoreAndSubmit('b3', 'bob', [
      [2, 7, 1, 1],
      [5, 8, 6, 4],
      [3, 6, 1, 1],
    ])
    const board = await deskBoard(lead, {})
    expect(board.map((e) => e.episode)).toEqual(['b1', 'b3', 'b2'])
    const b1 = board[0]
    // The same alpha as the agreement of the two documents as a library compares them.
    const expected = agreement([
      { source: 'b1-alice', document: scoredDocument('b1-alice', 'b1', aliceB1, { reviewer: 'alice' }) },
      { source: 'b1-bob', document: scoredDocument('b1-bob', 'b1', bobB1, { reviewer: 'bob' }) },
    ])
    expect(b1?.agreement?.map((d) => d.dimension)).toEqual(DIMENSIONS)
    for (const d of b1?.agreement ?? []) {
      const alpha = expected.dimensions[d.dimension]?.alpha.interval ?? null
      expect(d.alpha).toBeCloseTo(alpha as number, 12)
      expect(d.band).toBe(alphaBand(alpha as number))
    }
    expect(b1?.worst).toBe(Math.min(...(b1?.agreement ?? []).map((d) => d.alpha as number)))
    expect(board[1]?.worst).toBeGreaterThan(b1?.worst as number)
    expect(board[2]).toMatchObject({ episode: 'b2', agreement: null, worst: null })

    // Carol submits, then leaves the desk: flagged on the board, her work kept in the agreement.
    await scoreAndSubmit('b1', 'carol', aliceB1)
    const admin = await world.admin()
    await admin.query(`DELETE FROM people WHERE name = 'carol'`)
    const after = await deskBoard(lead, {})
    const b1After = after.find((e) => e.episode === 'b1')
    expect(b1After?.reviewers.find((r) => r.reviewer === 'carol')).toEqual({
      reviewer: 'carol',
      analysis: 'b1-carol',
      state: 'submitted',
      removed: true,
    })
    expect(b1After?.agreement).not.toEqual(b1?.agreement)

    // A show of its own, or none.
    expect(await deskBoard(lead, { show: 'no-such-show' })).toEqual([])
    expect((await deskBoard(lead, { show: 'board-show' })).length).toBe(3)
  })

  it('refuses the board to a reviewer, whom PostgreSQL shows only their own assignments', async () => {
    const { rows } = await client('alice').query<{ reviewer: string }>(
      `SELECT DISTINCT reviewer FROM assignments`,
    )
    expect(rows.map((r) => r.reviewer)).toEqual(['alice'])
    await expect(deskBoard(alice, {})).rejects.toThrow(
      "the board is the lead's: alice is not a lead of this desk (the catalogue shows a reviewer only their own assignments)",
    )
    await expect(setConsensus(alice, { episode: 'b1', analysis: 'b1' })).rejects.toThrow(
      "choosing the consensus is the lead's: alice is not a lead",
    )
    // And PostgreSQL itself refuses the write, whatever client a reviewer uses.
    await expect(
      client('alice').query(`INSERT INTO episode_consensus (episode, analysis_id) VALUES ('b1', 'b1-alice')`),
    ).rejects.toThrow(/permission denied/)
  })

  it('sets the consensus (a consensus analysis of that episode only) and moves the assignments to consensus', async () => {
    await expect(setConsensus(lead, { episode: 'b1', analysis: 'b1-alice' })).rejects.toThrow(
      "b1-alice is a person's analysis, not a consensus",
    )
    await expect(setConsensus(lead, { episode: 'b1', analysis: 'nothing' })).rejects.toThrow(
      'the desk has no analysis nothing',
    )
    await expect(setConsensus(lead, { episode: 'nowhere', analysis: 'b1' })).rejects.toThrow(
      'the desk has no episode nowhere',
    )
    await pushAnalysis(
      client('lena'),
      'consensus',
      scoredDocument('b3-consensus', 'b3', MACHINE, { reviewer: 'lena' }),
    )
    await expect(setConsensus(lead, { episode: 'b1', analysis: 'b3-consensus' })).rejects.toThrow(
      'b3-consensus is not an analysis of episode b1',
    )

    await pushAnalysis(
      client('lena'),
      'consensus',
      scoredDocument('b1-consensus', 'b1', MACHINE, { reviewer: 'lena' }),
    )
    const chosen = await setConsensus(lead, { episode: 'b1', analysis: 'b1-consensus' })
    expect(chosen).toMatchObject({ episode: 'b1', consensus: 'b1-consensus' })
    expect(chosen.reviewers.map((r) => r.state)).toEqual(['consensus', 'consensus', 'consensus'])
    // Any analysis of the episode names it.
    const again = await setConsensus(lead, { episode: 'b1-alice', analysis: 'b1-consensus' })
    expect(again.episode).toBe('b1')
    const { rows } = await client('lena').query(
      `SELECT episode, analysis_id, chosen_by FROM episode_consensus`,
    )
    expect(rows).toEqual([{ episode: 'b1', analysis_id: 'b1-consensus', chosen_by: 'lena' }])

    const referenced = await setReference(lead, { episode: 'b2', analysis: 'b2' })
    expect(referenced).toMatchObject({ episode: 'b2', reference: 'b2', consensus: null })
  })

  it('publishes every assignment of an episode once its chosen consensus is final', async () => {
    const consensus = scoredDocument('b1-consensus', 'b1', MACHINE, { reviewer: 'lena' })
    await pushAnalysis(client('lena'), 'consensus', {
      ...consensus,
      review: { ...consensus.review, status: 'final' },
    })
    const board = await deskBoard(lead, {})
    expect(board.find((e) => e.episode === 'b1')?.reviewers.map((r) => r.state)).toEqual([
      'published',
      'published',
      'published',
    ])
    expect(board.find((e) => e.episode === 'b2')?.reviewers.every((r) => r.state !== 'published')).toBe(true)
  })

  it('shows a reviewer their difference from the reference once a calibration episode is submitted', async () => {
    await machineEpisode('cal1')
    const analysis = await assign(client('lena'), 'cal1', 'cal1', 'alice', { calibration: true })
    await assign(client('lena'), 'cal1', 'cal1', 'bob')
    const mine: Scores = [
      [4, 7, 1, 0],
      [5, 9, 6, 4],
      [6, 6, 0, 4],
    ]
    await pushAnalysis(
      client('alice'),
      'person',
      scoredDocument(analysis, 'cal1', mine, { reviewer: 'alice' }),
    )
    expect(await calibrationResult(alice, analysis)).toBeNull() // not submitted
    await submit(client('alice'), analysis)
    expect(await calibrationResult(alice, analysis)).toBeNull() // no reference yet
    await setReference(lead, { episode: 'cal1', analysis: 'cal1' })
    const result = await calibrationResult(alice, analysis)
    const mean = (s: Scores, d: number): number => s.reduce((sum, c) => sum + (c[d] as number), 0) / s.length
    expect(result).toEqual({
      episode: 'cal1',
      reference: 'cal1',
      dimensions: DIMENSIONS.map((dimension, d) => ({
        dimension,
        mine: expect.closeTo(mean(mine, d), 12),
        reference: expect.closeTo(mean(MACHINE, d), 12),
        difference: expect.closeTo(mean(mine, d) - mean(MACHINE, d), 12),
      })),
    })
    // Bob's assignment is no calibration one: nothing to show.
    await pushAnalysis(client('bob'), 'person', scoredDocument('cal1-bob', 'cal1', mine, { reviewer: 'bob' }))
    await submit(client('bob'), 'cal1-bob')
    expect(await calibrationResult(lead, 'cal1-bob')).toBeNull()
  })
})
