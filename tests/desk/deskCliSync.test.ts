import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { machineEpisode } from '../machineEpisode'
import { tempFolder } from '../tempFolder'
import { episcore } from './episcoreWithInput'
import { skipPostgresTests, startPostgres, type TestPostgres } from './postgresServer'

const PASSWORD = 'sync-from-the-command-line'

/** An analysis file a reviewer made, of media the test names by its own hash. */
function analysisFile(id: string, reviewer: string, title?: string): string {
  const doc = machineEpisode(id)
  const media = doc.episode.media && {
    ...doc.episode.media,
    sha256: createHash('sha256').update('cli').digest('hex'),
  }
  const file = path.join(tempFolder(), `${id}.json`)
  fs.writeFileSync(
    file,
    JSON.stringify({
      ...doc,
      episode: { ...doc.episode, media, ...(title !== undefined && { title }) },
      review: { ...doc.review, reviewer },
    }),
  )
  return file
}

describe.skipIf(skipPostgresTests())('the desk verbs of the command line', () => {
  let server: TestPostgres
  let url: (user: string) => string
  const as = (user: string) => ({ PGPASSWORD: user === 'desk_admin' ? server.adminPassword : PASSWORD })

  beforeAll(async () => {
    server = await startPostgres()
    url = (user) => `postgres://${user}@127.0.0.1:${server.port}/desk`
    expect(episcore(['desk', 'init', url('desk_admin')], as('desk_admin')).code).toBe(0)
    for (const name of ['alice', 'bob'])
      expect(
        episcore(
          ['desk', 'add-person', name, '--role', 'reviewer', '--url', url('desk_admin'), '--password-stdin'],
          as('desk_admin'),
          `${PASSWORD}\n`,
        ).code,
      ).toBe(0)
  })
  afterAll(async () => {
    await server?.destroy()
  })

  it('connects, syncs, lists, gets, tells history and verifies, never printing the password', () => {
    const a = path.join(tempFolder(), 'alice.sqlite')
    const b = path.join(tempFolder(), 'bob.sqlite')
    const outputs: string[] = []
    const run = (db: string, user: string, ...args: string[]) => {
      const result = episcore(['--db', db, ...args], as(user))
      outputs.push(result.stdout, result.stderr)
      return result
    }
    expect(run(a, 'alice', 'load', analysisFile('cli-1', 'Alice')).code).toBe(0)
    const joined = run(a, 'alice', 'desk', 'connect', url('alice'))
    expect(joined).toMatchObject({ code: 0, stderr: '' })
    expect(joined.stdout).toContain(`desk: ${url('alice')}\n`)
    expect(joined.stdout).toContain('pushed 1, pulled 0, conflicts 0, waiting 0\n')
    expect(JSON.parse(run(a, 'alice', 'desk', 'status', '--json').stdout)).toMatchObject({
      connected: true,
      url: url('alice'),
      user: 'alice',
      waiting: 0,
    })

    expect(run(b, 'bob', 'desk', 'connect', url('bob')).stdout).toContain('pushed 0, pulled 0')
    const got = run(b, 'bob', 'desk', 'get', 'cli-1')
    expect(got.stdout).toContain('got cli-1 (alice, revision 1) as cli-1\n')
    const listed = JSON.parse(run(b, 'bob', 'desk', 'list', '--json').stdout) as {
      id: string
      here: string | null
    }[]
    expect(listed.map((l) => [l.id, l.here])).toEqual([['cli-1', 'cli-1']])

    // A new version of Alice's file, loaded over her analysis, is its next revision.
    expect(run(a, 'alice', 'load', '--replace', analysisFile('cli-1', 'Alice', 'Second thoughts')).code).toBe(
      0,
    )
    expect(run(a, 'alice', 'desk', 'sync').stdout).toBe('pushed 1, pulled 0, conflicts 0, waiting 0\n')
    expect(JSON.parse(run(b, 'bob', 'desk', 'sync', '--json').stdout)).toMatchObject({
      pulled: [{ analysisId: 'cli-1', owner: 'alice', revision: 2 }],
    })
    expect(
      run(b, 'bob', 'desk', 'history', 'cli-1')
        .stdout.trimEnd()
        .split('\n')
        .map((l) => l.split('\t')[4]),
    ).toEqual([machineEpisode('cli-1').episode.title, 'Second thoughts'])
    expect(run(a, 'alice', 'desk', 'verify')).toMatchObject({ code: 0 })
    expect(run(b, 'bob', 'desk', 'verify')).toMatchObject({ code: 0 })
    expect(outputs.join('')).not.toContain(PASSWORD)
  })

  it('says in one line when the desk cannot be reached, exits 1, and keeps the change for the next sync', async () => {
    const a = path.join(tempFolder(), 'away.sqlite')
    expect(episcore(['--db', a, 'load', analysisFile('away-1', 'Alice')]).code).toBe(0)
    expect(episcore(['--db', a, 'desk', 'connect', url('alice')], as('alice')).code).toBe(0)
    expect(
      episcore(['--db', a, 'load', '--replace', analysisFile('away-1', 'Alice', 'Offline edit')]).code,
    ).toBe(0)
    await server.stop('fast')
    try {
      const offline = episcore(['--db', a, 'desk', 'sync'], as('alice'))
      expect(offline.code).toBe(1)
      expect(offline.stderr).toMatch(
        new RegExp(
          `^episcore: cannot reach the desk at 127\\.0\\.0\\.1:${server.port}: connection refused[^\\n]*\\n$`,
        ),
      )
      expect(JSON.parse(episcore(['--db', a, 'desk', 'status', '--json']).stdout)).toMatchObject({
        waiting: 1,
        lastError: expect.stringContaining('connection refused'),
      })
    } finally {
      await server.start()
    }
    expect(episcore(['--db', a, 'desk', 'sync'], as('alice')).stdout).toBe(
      'pushed 1, pulled 0, conflicts 0, waiting 0\n',
    )
    expect(episcore(['--db', a, 'desk', 'verify'], as('alice')).code).toBe(0)
    expect(episcore(['--db', a, 'desk', 'disconnect']).stdout).toBe(`disconnected from ${url('alice')}\n`)
    expect(episcore(['--db', a, 'desk', 'status']).stdout).toBe('not connected to a desk\n')
  })

  it('refuses a password on the command line or in the URL, naming where it goes', () => {
    const a = path.join(tempFolder(), 'refused.sqlite')
    expect(
      episcore(['--db', a, 'desk', 'connect', `postgres://alice:${PASSWORD}@127.0.0.1:${server.port}/desk`]),
    ).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(
        /a password does not belong in the URL: give it in PGPASSWORD, ~\/\.pgpass or a PGSERVICE entry/,
      ),
    })
    expect(episcore(['--db', a, 'desk', 'connect', url('alice'), '--password', PASSWORD]).stderr).toMatch(
      /^episcore: --password is refused/,
    )
    // Off this machine without TLS: refused before anything is sent, for joining and for setting up.
    for (const args of [
      ['--db', a, 'desk', 'connect', 'postgres://alice@192.0.2.10/desk'],
      ['desk', 'init', 'postgres://desk_admin@192.0.2.10/desk'],
    ])
      expect(episcore(args)).toMatchObject({
        code: 1,
        stderr: expect.stringMatching(/^episcore: .*TLS.*--insecure.*\n$/),
      })
  })
})
