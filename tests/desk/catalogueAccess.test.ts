import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addPerson, initCatalogue } from '../../src/core/desk/catalogue'
import { skipPostgresTests, startPostgres, type TestPostgres } from './postgresServer'

const PASSWORD = { anna: 'anna-pw', bruno: 'bruno-pw', lena: 'lena-pw', robot: 'robot-pw' } as const
type Person = keyof typeof PASSWORD

const REVISION_COLUMNS = '(analysis_id, revision, base_revision, title, status, content_hash, document)'

/**
 * Access is the engine's: every attempt here goes through psql, the real client, as one person of the
 * desk, so nothing of Episcore stands between the person and the catalogue.
 */
describe.skipIf(skipPostgresTests())('who may write what in the desk catalogue', () => {
  let server: TestPostgres
  const connect = async (who: Person): Promise<pg.Client> => {
    const client = new pg.Client({ connectionString: server.urlFor(who, PASSWORD[who]) })
    await client.connect()
    return client
  }
  const psqlAs = (who: Person, sql: string): { status: number; stdout: string; stderr: string } =>
    server.psql([`postgresql://${who}@127.0.0.1:${server.port}/desk`, '-tAc', sql], {
      PGPASSWORD: PASSWORD[who],
    })
  const annasRows = async (): Promise<unknown> => {
    const admin = new pg.Client({ connectionString: server.adminUrl })
    await admin.connect()
    try {
      return {
        analyses: (await admin.query("SELECT * FROM analyses WHERE id = 'anna-1'")).rows,
        revisions: (
          await admin.query("SELECT * FROM revisions WHERE analysis_id = 'anna-1' ORDER BY revision")
        ).rows,
      }
    } finally {
      await admin.end()
    }
  }

  beforeAll(async () => {
    server = await startPostgres()
    await initCatalogue(server.adminUrl)
    const roles = { anna: 'reviewer', bruno: 'reviewer', lena: 'lead', robot: 'pipeline' } as const
    for (const name of Object.keys(roles) as Person[])
      await addPerson({ adminUrl: server.adminUrl, name, role: roles[name], password: PASSWORD[name] })
    const anna = await connect('anna')
    await anna.query("INSERT INTO analyses (id, kind) VALUES ('anna-1', 'person')")
    await anna.query(
      `INSERT INTO revisions ${REVISION_COLUMNS} VALUES ('anna-1', 1, NULL, 'Episode 1', 'draft', 'h1', '{"a":1}')`,
    )
    await anna.end()
  })
  afterAll(async () => {
    await server?.destroy()
  })

  it("a reviewer can change, delete or add to nothing of another's, nor make machine or consensus analyses", async () => {
    const before = await annasRows()
    expect(before).toMatchObject({
      analyses: [{ owner: 'anna', kind: 'person' }],
      revisions: [{ owner: 'anna', revision: 1 }],
    })

    const attempts: [string, RegExp][] = [
      [
        "UPDATE revisions SET title = 'mine now' WHERE analysis_id = 'anna-1'",
        /permission denied for table revisions/,
      ],
      ["DELETE FROM revisions WHERE analysis_id = 'anna-1'", /permission denied for table revisions/],
      ["UPDATE analyses SET owner = 'bruno' WHERE id = 'anna-1'", /permission denied for table analyses/],
      ["DELETE FROM analyses WHERE id = 'anna-1'", /permission denied for table analyses/],
      ['TRUNCATE revisions', /permission denied for table revisions/],
      [
        `INSERT INTO revisions ${REVISION_COLUMNS} VALUES ('anna-1', 2, 1, 'Episode 1', 'draft', 'h2', '{}')`,
        /new row violates row-level security policy for table "revisions"/,
      ],
      [
        `INSERT INTO revisions (analysis_id, revision, base_revision, owner, title, status, content_hash, document)
           VALUES ('anna-1', 2, 1, 'anna', 'Episode 1', 'draft', 'h2', '{}')`,
        /new row violates row-level security policy for table "revisions"/,
      ],
      [
        "INSERT INTO analyses (id, kind) VALUES ('bruno-machine', 'machine')",
        /new row violates row-level security policy for table "analyses"/,
      ],
      [
        "INSERT INTO analyses (id, kind) VALUES ('bruno-consensus', 'consensus')",
        /new row violates row-level security policy for table "analyses"/,
      ],
      [
        "INSERT INTO analyses (id, owner, kind) VALUES ('as-anna', 'anna', 'person')",
        /new row violates row-level security policy for table "analyses"/,
      ],
    ]
    for (const [sql, refusal] of attempts) {
      const run = psqlAs('bruno', sql)
      expect({ sql, status: run.status, stderr: run.stderr }).toMatchObject({
        sql,
        status: 1,
        stderr: expect.stringMatching(refusal),
      })
    }
    // Reading is what the desk is for.
    expect(psqlAs('bruno', "SELECT owner, title FROM revisions WHERE analysis_id = 'anna-1'").stdout).toBe(
      'anna|Episode 1\n',
    )
    expect(await annasRows()).toEqual(before)
  })

  it('a lead may add a consensus, a pipeline a machine analysis, a reviewer its own revisions', () => {
    expect(
      psqlAs('lena', "INSERT INTO analyses (id, kind) VALUES ('lena-consensus', 'consensus')"),
    ).toMatchObject({ status: 0 })
    expect(
      psqlAs('robot', "INSERT INTO analyses (id, kind) VALUES ('robot-machine', 'machine')"),
    ).toMatchObject({ status: 0 })
    expect(
      psqlAs('robot', "INSERT INTO analyses (id, kind) VALUES ('robot-consensus', 'consensus')").stderr,
    ).toMatch(/violates row-level security policy/)
    expect(psqlAs('bruno', "INSERT INTO analyses (id, kind) VALUES ('bruno-1', 'person')")).toMatchObject({
      status: 0,
    })
    expect(
      psqlAs(
        'bruno',
        `INSERT INTO revisions ${REVISION_COLUMNS} VALUES ('bruno-1', 1, NULL, 'T', 'draft', 'h', '{}')`,
      ),
    ).toMatchObject({ status: 0 })
    expect(psqlAs('lena', 'SELECT id, owner, kind FROM analyses ORDER BY id').stdout).toBe(
      'anna-1|anna|person\nbruno-1|bruno|person\nlena-consensus|lena|consensus\nrobot-machine|robot|machine\n',
    )
  })

  it('of two pushes on one base, the second fails with unique_violation (23505)', async () => {
    const first = await connect('anna')
    const second = await connect('anna')
    try {
      const insert = (hash: string): string =>
        `INSERT INTO revisions ${REVISION_COLUMNS} VALUES ('anna-1', 2, 1, 'Episode 1', 'draft', '${hash}', '{}')`
      await first.query('BEGIN')
      await second.query('BEGIN')
      await first.query(insert('from-laptop'))
      // The second waits on the first's uncommitted key, then fails once it commits.
      const racing = second.query(insert('from-desktop')).then(
        () => null,
        (error: { code?: string }) => error.code,
      )
      await first.query('COMMIT')
      expect(await racing).toBe('23505')
      await second.query('ROLLBACK')
    } finally {
      await first.end()
      await second.end()
    }
    const { revisions } = (await annasRows()) as { revisions: { revision: number; content_hash: string }[] }
    expect(revisions.map((r) => [r.revision, r.content_hash])).toEqual([
      [1, 'h1'],
      [2, 'from-laptop'],
    ])
  })

  it('a revision must follow the one before it', () => {
    const gap = psqlAs(
      'anna',
      `INSERT INTO revisions ${REVISION_COLUMNS} VALUES ('anna-1', 5, 3, 'T', 'draft', 'h', '{}')`,
    )
    expect(gap.stderr).toMatch(/violates check constraint "revisions_check"/)
  })
})
