import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addPerson } from '../../src/core/desk/catalogue'
import type { BoardEpisode, CalibrationResult, DriftReport } from '../../src/shared/contract/deskWork'
import { deskWorld, PASSWORD, type DeskWorld } from './faultHelpers'
import { assign, DIMENSIONS, pushAnalysis, scoredDocument, submit, type Scores } from './deskBoardHelpers'
import { episcore } from './episcoreWithInput'
import { skipPostgresTests } from './postgresServer'

const M: Scores = [
  [2, 7, 1, 0],
  [5, 8, 6, 4],
  [3, 6, 0, 1],
]
const A: Scores = [
  [3, 7, 2, 0],
  [5, 9, 6, 5],
  [4, 6, 1, 1],
]
const B: Scores = [
  [9, 1, 8, 7],
  [0, 2, 9, 0],
  [8, 9, 4, 9],
]

// The built CLI (bin/episcore runs out/cli): `node scripts/buildCli.mjs` before these tests.
describe.skipIf(skipPostgresTests())("the board's verbs of the command line", () => {
  let world: DeskWorld
  let leadFile: string
  let aliceFile: string
  const sql: Record<string, pg.Client> = {}
  const client = (name: string): pg.Client => sql[name] as pg.Client
  const run = (file: string, ...args: string[]) =>
    episcore(['--db', file, 'desk', ...args], { PGPASSWORD: PASSWORD })

  beforeAll(async () => {
    world = await deskWorld()
    await addPerson({ adminUrl: world.server.adminUrl, name: 'lena', role: 'lead', password: PASSWORD })
    await addPerson({ adminUrl: world.server.adminUrl, name: 'pipe', role: 'pipeline', password: PASSWORD })
    for (const name of ['lena', 'pipe', 'alice', 'bob']) sql[name] = await world.as(name)
    leadFile = world.library('lena', []).file
    aliceFile = world.library('alice', []).file

    for (const id of ['k1', 'k2']) {
      await pushAnalysis(
        client('pipe'),
        'machine',
        scoredDocument(id, id, M, { reviewer: null, show: 'cli-show' }),
      )
      await assign(client('lena'), id, id, 'alice', { calibration: id === 'k1' })
      await assign(client('lena'), id, id, 'bob')
    }
    await pushAnalysis(client('alice'), 'person', scoredDocument('k1-alice', 'k1', A, { reviewer: 'alice' }))
    await submit(client('alice'), 'k1-alice', '2026-03-10T09:00:00Z')
    await pushAnalysis(client('bob'), 'person', scoredDocument('k1-bob', 'k1', B, { reviewer: 'bob' }))
    await submit(client('bob'), 'k1-bob', '2026-03-11T09:00:00Z')
  })
  afterAll(async () => {
    await world?.close()
  })

  it('prints the board, an episode a line, worst first, and the same as JSON', () => {
    const board = run(leadFile, 'board')
    expect(board).toMatchObject({ code: 0, stderr: '' })
    const lines = board.stdout.trimEnd().split('\n')
    expect(lines).toHaveLength(2)
    expect(lines[0]).toMatch(
      /^k1\t⚡️Open Questions in Agentic RL[^\t]*\talice:submitted, bob:submitted\tworst alpha -?\d\.\d{3} not reliable \(< 0\.667\)$/,
    )
    expect(lines[1]).toMatch(
      /^k2\t[^\t]+\talice:assigned, bob:assigned\tno agreement yet \(fewer than two submitted\)$/,
    )
    const json = JSON.parse(run(leadFile, 'board', '--json', '--show', 'cli-show').stdout) as BoardEpisode[]
    expect(json.map((e) => [e.episode, e.agreement?.length ?? null])).toEqual([
      ['k1', DIMENSIONS.length],
      ['k2', null],
    ])
    expect(run(leadFile, 'board', '--show', 'other').stdout).toBe('no episode of other is assigned\n')
  })

  it("refuses the lead's verbs to a reviewer in one line, exit 1", () => {
    for (const args of [['board'], ['consensus', 'k1', 'k1-alice'], ['reference', 'k1', 'k1']]) {
      const refused = run(aliceFile, ...args)
      expect(refused.code).toBe(1)
      expect(refused.stdout).toBe('')
      expect(refused.stderr).toMatch(/^[^\n]*is the lead's: alice is not a lead of this desk[^\n]*\n$/)
    }
  })

  it('sets the reference and the consensus, refuses a person’s analysis as consensus, and shows the calibration', async () => {
    expect(run(aliceFile, 'calibration', 'k1-alice').stdout).toBe(
      'no calibration result for k1-alice: it shows once a calibration assignment is submitted and its episode has a reference\n',
    )
    expect(run(leadFile, 'reference', 'k1', 'k1')).toMatchObject({ code: 0, stdout: 'reference of k1: k1\n' })
    const calibration = run(aliceFile, 'calibration', 'k1-alice')
    expect(calibration.stdout.split('\n').slice(0, 3)).toEqual([
      'k1 against the reference k1',
      'dimension\tmine\treference\tdifference',
      `${DIMENSIONS[0]}\t4.000\t3.333\t+0.667`,
    ])
    const json = JSON.parse(run(aliceFile, 'calibration', 'k1-alice', '--json').stdout) as CalibrationResult
    expect(json.dimensions[1]).toEqual({
      dimension: DIMENSIONS[1],
      mine: 22 / 3,
      reference: 7,
      difference: 22 / 3 - 7,
    })

    const refused = run(leadFile, 'consensus', 'k1', 'k1-alice')
    expect(refused).toMatchObject({ code: 1, stdout: '' })
    expect(refused.stderr).toContain("k1-alice is a person's analysis, not a consensus")
    await pushAnalysis(
      client('lena'),
      'consensus',
      scoredDocument('k1-consensus', 'k1', M, { reviewer: 'lena' }),
    )
    const chosen = run(leadFile, 'consensus', 'k1', 'k1-consensus')
    expect(chosen.code).toBe(0)
    expect(chosen.stdout.split('\n')[0]).toBe('consensus of k1: k1-consensus')
    expect(chosen.stdout).toContain('alice:consensus, bob:consensus')
  })

  it('prints who drifts as a table, everyone listed, and the months in JSON', () => {
    const drift = run(leadFile, 'drift', '--show', 'cli-show')
    expect(drift).toMatchObject({ code: 0, stderr: '' })
    const lines = drift.stdout.trimEnd().split('\n')
    expect(lines[0]).toBe('who\tdimension\tn\tmean\t95% interval')
    // k1's consensus is the machine's own scores: the machine does not lean at all.
    expect(lines).toContain(`machine\t${DIMENSIONS[0]}\t3\t0.000\t[0.000, 0.000]`)
    // Alice against it on the first dimension: +1, 0, +1.
    expect(lines).toContain(`alice\t${DIMENSIONS[0]}\t3\t+0.667\t[0.000, +1.000]`)
    const json = JSON.parse(run(leadFile, 'drift', '--json', '--since', '2026-01-01').stdout) as DriftReport
    expect(json.people).toEqual(['alice', 'bob', 'machine'])
    expect(json.since).toBe('2026-01-01')
    expect(json.figures.find((x) => x.who === 'alice' && x.month === '2026-03')?.n).toBe(3)

    const empty = run(leadFile, 'drift', '--show', 'nothing-here')
    expect(empty.stdout).toBe('who\tdimension\tn\tmean\t95% interval\nmachine\t-\t0\t-\t-\n')
    const wrong = run(leadFile, 'drift', '--since', 'March')
    expect(wrong.code).not.toBe(0)
    expect(wrong.stderr).toContain('YYYY-MM-DD')
  })
})
