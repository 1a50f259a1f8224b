import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addPerson } from '../../src/core/desk/catalogue'
import type { EpisodeDocument } from '../../src/shared/episodeFormat'
import { machineEpisode } from '../machineEpisode'
import { episcore } from './episcoreWithInput'
import { deskWorld, PASSWORD, type DeskWorld } from './faultHelpers'
import { skipPostgresTests } from './postgresServer'

function machineRun(id: string): EpisodeDocument {
  const doc = machineEpisode(id)
  const sha256 = createHash('sha256').update(id).digest('hex')
  return { ...doc, episode: { ...doc.episode, media: doc.episode.media && { ...doc.episode.media, sha256 } } }
}

describe.skipIf(skipPostgresTests())('desk assign, queue, submit and send-back on the command line', () => {
  let world: DeskWorld
  const files: Record<string, string> = {}
  const run = (user: string, ...args: string[]) =>
    episcore(['--db', files[user] ?? '', 'desk', ...args], { PGPASSWORD: PASSWORD })

  beforeAll(async () => {
    world = await deskWorld()
    await addPerson({ adminUrl: world.server.adminUrl, name: 'lena', role: 'lead', password: PASSWORD })
    await addPerson({ adminUrl: world.server.adminUrl, name: 'pipe', role: 'pipeline', password: PASSWORD })
    files.pipe = world.library('pipe', [machineRun('cli-m1')]).file
    for (const user of ['lena', 'alice', 'bob']) files[user] = world.library(user, []).file
    expect(run('pipe', 'sync').code).toBe(0)
  })
  afterAll(async () => {
    await world?.close()
  })

  it('refuses bad input naming the option, before asking the desk', () => {
    const refused = (args: string[], words: RegExp) => {
      const result = run('lena', ...args)
      expect(result.code).not.toBe(0)
      // The reason on the first line (a usage error then shows the verbs' usage).
      expect(result.stderr.split('\n')[0]).toMatch(words)
    }
    refused(['assign', 'cli-m1', '--overlap', '1'], /--reviewers/)
    refused(['assign', 'cli-m1', '--reviewers', 'alice', '--overlap', 'two'], /--overlap/)
    refused(['assign', 'cli-m1', '--reviewers', 'Alice!', '--overlap', '1'], /--reviewers/)
    refused(
      ['assign', 'cli-m1', '--reviewers', 'alice', '--overlap', '1', '--calibration', '150%'],
      /--calibration/,
    )
    refused(['assign', 'cli-m1', '--reviewers', 'alice', '--overlap', '1', '--due', '31.01.2030'], /--due/)
    refused(['assign', '--reviewers', 'alice', '--overlap', '1'], /ids or --show/)
    refused(['assign', 'cli-m1', '--reviewers', 'alice,bob', '--overlap', '3'], /--overlap 3/)
    refused(['assign', 'nope', '--reviewers', 'alice', '--overlap', '1'], /no episode nope/)
    refused(['send-back', 'cli-m1', 'alice'], /--note/)
    refused(['queue', '--note', 'x'], /desk queue takes no --note/)
  })

  it('assigns, lists the queue after a sync, refuses an unfinished submit, and sends back only submitted work', () => {
    const assigned = run(
      'lena',
      'assign',
      'cli-m1',
      '--reviewers',
      'alice,bob',
      '--overlap',
      '2',
      '--due',
      '2030-01-31',
      '--blind',
      '--json',
    )
    expect(assigned.code, assigned.stderr).toBe(0)
    const outcome = JSON.parse(assigned.stdout) as { assigned: { analysis: string }[] }
    expect(outcome.assigned.map((a) => a.analysis).sort()).toEqual(['cli-m1-alice', 'cli-m1-bob'])

    expect(run('alice', 'sync').code).toBe(0)
    const queue = JSON.parse(run('alice', 'queue', '--json').stdout) as object[]
    expect(queue).toEqual([
      expect.objectContaining({
        episode: 'cli-m1',
        analysis: 'cli-m1-alice',
        state: 'assigned',
        due: '2030-01-31',
        blind: true,
        here: 'cli-m1-alice',
      }),
    ])
    expect(run('alice', 'queue').stdout).toMatch(/^cli-m1\tcli-m1-alice\tassigned\t2030-01-31\tblind/)

    const submit = run('alice', 'submit', 'cli-m1-alice')
    expect(submit.code).toBe(1)
    expect(submit.stderr).toMatch(/cli-m1-alice is not ready \(as for publishing\)/)
    const early = run('lena', 'send-back', 'cli-m1', 'alice', '--note', 'More reasons')
    expect(early.code).toBe(1)
    expect(early.stderr).toMatch(/is assigned: only submitted work is sent back/)
    const notLead = run('alice', 'send-back', 'cli-m1', 'alice', '--note', 'x')
    expect(notLead.stderr).toMatch(/the lead's: alice is not a lead/)
  })
})
