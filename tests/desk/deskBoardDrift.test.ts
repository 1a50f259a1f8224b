import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addPerson } from '../../src/core/desk/catalogue'
import { deskDrift, setConsensus } from '../../src/core/desk/work/board'
import type { DeskWorkContext } from '../../src/core/desk/work/deskWorkContext'
import type { DriftFigure } from '../../src/shared/contract/deskWork'
import { deskWorld, PASSWORD, type DeskWorld } from './faultHelpers'
import { assign, DIMENSIONS, pushAnalysis, scoredDocument, submit, type Scores } from './deskBoardHelpers'
import { skipPostgresTests } from './postgresServer'

const SHOW = 'tiny-show'
const M1: Scores = [
  [2, 7, 1, 0],
  [5, 8, 6, 4],
  [3, 6, 0, 1],
]
const A1: Scores = [
  [3, 7, 2, 0],
  [5, 9, 6, 5],
  [4, 6, 1, 1],
]
const B1: Scores = [
  [1, 7, 2, 2],
  [5, 6, 6, 1],
  [3, 8, 3, 1],
]
const M2: Scores = [
  [6, 2, 3, 4],
  [7, 2, 1, 4],
  [8, 3, 2, 4],
]
const A2: Scores = [
  [5, 3, 3, 9],
  [6, 3, 1, 9],
  [9, 4, 5, 9],
]
const C2: Scores = [
  [5, 2, 3, 8],
  [6, 2, 2, 8],
  [8, 3, 4, 8],
]

/** Per dimension: the chapters' differences, worked out by hand from the tables above. */
const differences = (f: (c: number, d: number) => number): number[][] =>
  DIMENSIONS.map((_, d) => [0, 1, 2].map((c) => f(c, d)))
const at = (s: Scores, c: number, d: number): number => s[c]?.[d] as number
const mean = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length

describe.skipIf(skipPostgresTests())('who drifts, against a real PostgreSQL', () => {
  let world: DeskWorld
  let lead: DeskWorkContext
  const sql: Record<string, pg.Client> = {}
  const client = (name: string): pg.Client => sql[name] as pg.Client

  beforeAll(async () => {
    world = await deskWorld()
    await addPerson({ adminUrl: world.server.adminUrl, name: 'lena', role: 'lead', password: PASSWORD })
    await addPerson({ adminUrl: world.server.adminUrl, name: 'pipe', role: 'pipeline', password: PASSWORD })
    for (const name of ['lena', 'pipe', 'alice', 'bob']) sql[name] = await world.as(name)
    const library = world.library('lena', [])
    lead = { db: library.db, desk: world.service(library.db) }
  })
  afterAll(async () => {
    await world?.close()
  })

  it('lists every reviewer of a show and the machine before anything is scored, and never fails on an empty show', async () => {
    expect(await deskDrift(lead, { show: 'no-such-show' })).toEqual({
      show: 'no-such-show',
      since: null,
      people: ['machine'],
      dimensions: [],
      figures: [],
    })
    const doc = scoredDocument('t1', 't1', M1, { reviewer: null, show: SHOW })
    await pushAnalysis(client('pipe'), 'machine', doc, '2026-02-15T10:00:00Z')
    await assign(client('lena'), 't1', 't1', 'alice')
    await assign(client('lena'), 't1', 't1', 'bob')
    const report = await deskDrift(lead, { show: SHOW })
    expect(report.people).toEqual(['alice', 'bob', 'machine'])
    expect(report.figures.every((x) => x.n === 0)).toBe(true)
  })

  it('gives each reviewer and the machine their mean difference, n and interval, as worked out by hand', async () => {
    // t1: no consensus: a reviewer against the other reviewer, the machine against the reviewers' mean.
    await pushAnalysis(
      client('alice'),
      'person',
      scoredDocument('t1-alice', 't1', A1, { reviewer: 'alice', show: SHOW }),
    )
    await submit(client('alice'), 't1-alice', '2026-03-10T09:00:00Z')
    expect((await deskDrift(lead, { show: SHOW })).figures.every((x) => x.n === 0)).toBe(true) // one is no comparison
    await pushAnalysis(
      client('bob'),
      'person',
      scoredDocument('t1-bob', 't1', B1, { reviewer: 'bob', show: SHOW }),
    )
    await submit(client('bob'), 't1-bob', '2026-04-02T09:00:00Z')

    // t2: the lead's consensus; alice submitted, bob never did (his row moves to consensus unsubmitted).
    await pushAnalysis(
      client('pipe'),
      'machine',
      scoredDocument('t2', 't2', M2, { reviewer: null, show: SHOW }),
      '2026-02-20T10:00:00Z',
    )
    await assign(client('lena'), 't2', 't2', 'alice')
    await assign(client('lena'), 't2', 't2', 'bob')
    await pushAnalysis(
      client('alice'),
      'person',
      scoredDocument('t2-alice', 't2', A2, { reviewer: 'alice', show: SHOW }),
    )
    await submit(client('alice'), 't2-alice', '2026-05-20T09:00:00Z')
    await pushAnalysis(
      client('lena'),
      'consensus',
      scoredDocument('t2-consensus', 't2', C2, { reviewer: 'lena', show: SHOW }),
    )
    await setConsensus(lead, { episode: 't2', analysis: 't2-consensus' })

    const report = await deskDrift(lead, { show: SHOW })
    expect(report.people).toEqual(['alice', 'bob', 'machine'])
    expect(report.dimensions).toEqual(DIMENSIONS)
    const whole = (who: string, d: number): DriftFigure | undefined =>
      report.figures.find((x) => x.who === who && x.dimension === DIMENSIONS[d] && x.month === null)

    const alice1 = differences((c, d) => at(A1, c, d) - at(B1, c, d))
    const alice2 = differences((c, d) => at(A2, c, d) - at(C2, c, d))
    const bob1 = differences((c, d) => at(B1, c, d) - at(A1, c, d))
    const machine1 = differences((c, d) => at(M1, c, d) - (at(A1, c, d) + at(B1, c, d)) / 2)
    const machine2 = differences((c, d) => at(M2, c, d) - at(C2, c, d))
    DIMENSIONS.forEach((_, d) => {
      const a = [...(alice1[d] as number[]), ...(alice2[d] as number[])]
      const m = [...(machine1[d] as number[]), ...(machine2[d] as number[])]
      expect(whole('alice', d)).toMatchObject({ n: 6, mean: expect.closeTo(mean(a), 12) })
      expect(whole('bob', d)).toMatchObject({ n: 3, mean: expect.closeTo(mean(bob1[d] as number[]), 12) })
      expect(whole('machine', d)).toMatchObject({ n: 6, mean: expect.closeTo(mean(m), 12) })
      for (const who of ['alice', 'bob', 'machine']) {
        const x = whole(who, d) as DriftFigure
        // A 95 % interval of a mean lies within the differences it resamples, around the mean.
        expect(x.low).toBeLessThanOrEqual(x.mean as number)
        expect(x.high).toBeGreaterThanOrEqual(x.mean as number)
      }
    })
    // alice leans the same on every chapter of dimension 3 in t2 (+1) and by -2, +4, 0 in t1: the months apart.
    expect(report.figures.filter((x) => x.who === 'alice' && x.dimension === DIMENSIONS[3])).toEqual([
      expect.objectContaining({ month: null, n: 6 }),
      expect.objectContaining({
        month: '2026-03',
        n: 3,
        mean: expect.closeTo(mean(alice1[3] as number[]), 12),
      }),
      { who: 'alice', dimension: DIMENSIONS[3], month: '2026-05', n: 3, mean: 1, low: 1, high: 1 },
    ])
    // The machine's months are when its revisions were made.
    expect(report.figures.filter((x) => x.who === 'machine' && x.month !== null).map((x) => x.month)).toEqual(
      DIMENSIONS.flatMap(() => ['2026-02']),
    )
    // Seeded: the same figures again.
    expect(await deskDrift(lead, { show: SHOW })).toEqual(report)

    // Since April: alice's March work and the machine's February runs no longer count, bob's April does.
    const since = await deskDrift(lead, { show: SHOW, since: '2026-04-01' })
    const sinceWhole = (who: string, d: number) =>
      since.figures.find((x) => x.who === who && x.dimension === DIMENSIONS[d] && x.month === null)
    expect(since.people).toEqual(['alice', 'bob', 'machine'])
    DIMENSIONS.forEach((_, d) => {
      expect(sinceWhole('alice', d)).toMatchObject({
        n: 3,
        mean: expect.closeTo(mean(alice2[d] as number[]), 12),
      })
      expect(sinceWhole('bob', d)).toMatchObject({ n: 3 })
      expect(sinceWhole('machine', d)).toEqual({
        who: 'machine',
        dimension: DIMENSIONS[d],
        month: null,
        n: 0,
        mean: null,
        low: null,
        high: null,
      })
    })
  })
})
