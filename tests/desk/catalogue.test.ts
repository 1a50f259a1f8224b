import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { UserError } from '../../src/core/errors'
import { addPerson, CATALOGUE_MIGRATIONS, initCatalogue } from '../../src/core/desk/catalogue'
import { migrateCatalogue } from '../../src/core/desk/catalogue/migrateCatalogue'
import { skipPostgresTests, startPostgres, type TestPostgres } from './postgresServer'

/** What a run of `desk init` could change: the schema rows, the tables, policies, grants and roles. */
async function catalogueSnapshot(url: string): Promise<unknown> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const q = async (sql: string): Promise<unknown[]> => (await client.query(sql)).rows
    return {
      schema: await q('SELECT version, applied_at FROM catalogue_schema ORDER BY version, applied_at'),
      columns:
        await q(`SELECT table_name, column_name, data_type, column_default FROM information_schema.columns
        WHERE table_schema = 'public' ORDER BY table_name, ordinal_position`),
      policies: await q(
        'SELECT tablename, policyname, cmd, roles::text, qual, with_check FROM pg_policies ORDER BY 1, 2',
      ),
      grants: await q(`SELECT table_name, grantee, privilege_type FROM information_schema.table_privileges
        WHERE table_schema = 'public' ORDER BY 1, 2, 3`),
      roles: await q("SELECT rolname, oid FROM pg_roles WHERE rolname LIKE 'episcore_%' ORDER BY 1"),
      triggers: await q('SELECT tgname FROM pg_trigger WHERE NOT tgisinternal ORDER BY 1'),
    }
  } finally {
    await client.end()
  }
}

async function asAdmin(server: TestPostgres, sql: string, database = 'desk'): Promise<pg.QueryResult> {
  const client = new pg.Client({
    connectionString: server.urlFor('desk_admin', server.adminPassword, database),
  })
  await client.connect()
  try {
    return await client.query(sql)
  } finally {
    await client.end()
  }
}

async function refusal(promise: Promise<unknown>): Promise<UserError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(UserError)
  expect((error as UserError).message).not.toContain('\n')
  return error as UserError
}

describe.skipIf(skipPostgresTests())('the desk catalogue on a real PostgreSQL', () => {
  let server: TestPostgres
  beforeAll(async () => {
    server = await startPostgres()
  })
  afterAll(async () => {
    await server?.destroy()
  })

  it('desk init creates the catalogue, and a second run changes nothing', async () => {
    expect(await initCatalogue(server.adminUrl)).toEqual({
      version: CATALOGUE_MIGRATIONS.length,
      created: true,
      from: 0,
    })
    const before = await catalogueSnapshot(server.adminUrl)
    expect((before as { schema: unknown[] }).schema).toHaveLength(CATALOGUE_MIGRATIONS.length)
    expect(await initCatalogue(server.adminUrl)).toEqual({
      version: CATALOGUE_MIGRATIONS.length,
      created: false,
      from: CATALOGUE_MIGRATIONS.length,
    })
    expect(await catalogueSnapshot(server.adminUrl)).toEqual(before)
  })

  it('keeps each analysis’s latest revision as revisions arrive, filled in when upgraded from 4; only a lead reads it', async () => {
    await asAdmin(server, 'CREATE DATABASE latest')
    const url = server.urlFor('desk_admin', server.adminPassword, 'latest')
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    try {
      await migrateCatalogue(admin, CATALOGUE_MIGRATIONS.slice(0, 4))
      const revision = (analysis: string, n: number): Promise<unknown> =>
        admin.query(
          `INSERT INTO revisions (analysis_id, revision, base_revision, title, status, content_hash, document)
           VALUES ($1, $2, $3, 'T', 'draft', 'h', '{}')`,
          [analysis, n, n === 1 ? null : n - 1],
        )
      await admin.query(`INSERT INTO analyses (id, kind) VALUES ('a', 'person'), ('b', 'machine')`)
      await revision('a', 1)
      await revision('a', 2)
      await revision('b', 1)
      expect(await migrateCatalogue(admin)).toEqual({ from: 4, version: CATALOGUE_MIGRATIONS.length })
      const latest = async (): Promise<unknown[]> =>
        (await admin.query('SELECT analysis_id, revision FROM latest_revisions ORDER BY 1')).rows
      expect(await latest()).toEqual([
        { analysis_id: 'a', revision: 2 },
        { analysis_id: 'b', revision: 1 },
      ])
      await revision('a', 3)
      await revision('b', 2)
      expect(await latest()).toEqual([
        { analysis_id: 'a', revision: 3 },
        { analysis_id: 'b', revision: 2 },
      ])
      // A reviewer (blind scoring hides others' progress) cannot read it; a lead can.
      await addPerson({ adminUrl: url, name: 'late_reviewer', role: 'reviewer', password: 'pw-r' })
      await addPerson({ adminUrl: url, name: 'late_lead', role: 'lead', password: 'pw-l' })
      const asPerson = async (name: string, password: string): Promise<unknown> => {
        const client = new pg.Client({ connectionString: server.urlFor(name, password, 'latest') })
        await client.connect()
        try {
          return (await client.query('SELECT count(*)::int AS n FROM latest_revisions')).rows[0]
        } catch (error) {
          return (error as Error).message
        } finally {
          await client.end()
        }
      }
      expect(await asPerson('late_reviewer', 'pw-r')).toMatch(/permission denied for table latest_revisions/)
      expect(await asPerson('late_lead', 'pw-l')).toEqual({ n: 2 })
    } finally {
      await admin.end()
    }
  })

  it('a catalogue a newer Episcore made is refused, with nothing written', async () => {
    await asAdmin(server, 'CREATE DATABASE newer')
    await asAdmin(
      server,
      'CREATE TABLE catalogue_schema (version int NOT NULL, applied_at timestamptz NOT NULL DEFAULT now()); INSERT INTO catalogue_schema (version) VALUES (1), (2), (7)',
      'newer',
    )
    const url = server.urlFor('desk_admin', server.adminPassword, 'newer')
    const before = (await asAdmin(server, 'SELECT * FROM catalogue_schema ORDER BY version', 'newer')).rows
    const error = await refusal(initCatalogue(url))
    expect(error.message).toBe(
      `this desk catalogue was made by a newer Episcore (schema 7; this app knows up to ${CATALOGUE_MIGRATIONS.length}): update Episcore`,
    )
    expect((await asAdmin(server, 'SELECT * FROM catalogue_schema ORDER BY version', 'newer')).rows).toEqual(
      before,
    )
    const tables = await asAdmin(
      server,
      "SELECT to_regclass('public.people') AS people, to_regclass('public.revisions') AS revisions",
      'newer',
    )
    expect(tables.rows[0]).toEqual({ people: null, revisions: null })
    // add-person refuses it too, making no role.
    await refusal(addPerson({ adminUrl: url, name: 'nobody_new', role: 'reviewer', password: 'pw' }))
    expect((await asAdmin(server, "SELECT 1 FROM pg_roles WHERE rolname = 'nobody_new'")).rowCount).toBe(0)
  })

  it('add-person makes a login in its group that pg and psql can use; the password never reaches the server as text', async () => {
    await initCatalogue(server.adminUrl)
    const password = 'café\u00A0crème correct horse'
    expect(await addPerson({ adminUrl: server.adminUrl, name: 'ada', role: 'reviewer', password })).toEqual({
      name: 'ada',
      role: 'reviewer',
    })

    const client = new pg.Client({ connectionString: server.urlFor('ada', password) })
    await client.connect()
    const { rows } = await client.query(
      "SELECT current_user AS me, pg_has_role('episcore_reviewer', 'member') AS reviewer, pg_has_role('episcore_lead', 'member') AS lead",
    )
    await client.end()
    expect(rows[0]).toEqual({ me: 'ada', reviewer: true, lead: false })

    const psql = server.psql(
      [`postgresql://ada@127.0.0.1:${server.port}/desk`, '-tAc', 'SELECT name, role FROM people'],
      { PGPASSWORD: password },
    )
    expect(psql).toMatchObject({ status: 0, stdout: 'ada|reviewer\n' })
    const stored = await asAdmin(server, "SELECT rolpassword FROM pg_authid WHERE rolname = 'ada'")
    expect(stored.rows[0].rolpassword).toMatch(
      /^SCRAM-SHA-256\$4096:[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/,
    )
    expect(
      server.psql([`postgresql://ada@127.0.0.1:${server.port}/desk`, '-c', 'SELECT 1'], {
        PGPASSWORD: 'wrong',
      }).stderr,
    ).toMatch(/password authentication failed for user "ada"/)
  })

  it('add-person refuses bad names, unknown roles and names already taken, making nothing', async () => {
    await initCatalogue(server.adminUrl)
    const add = (name: string, role = 'reviewer'): Promise<unknown> =>
      addPerson({ adminUrl: server.adminUrl, name, role, password: 'secret' })
    expect((await refusal(add('Ada-Lovelace'))).message).toMatch(
      /^person name "Ada-Lovelace": a plain identifier is needed/,
    )
    expect((await refusal(add('1ada'))).message).toMatch(/a plain identifier is needed/)
    expect((await refusal(add('x'.repeat(64)))).message).toMatch(/at most 63/)
    expect((await refusal(add('pg_ada'))).message).toBe('person name "pg_ada" is reserved by PostgreSQL')
    expect((await refusal(add('episcore_lead'))).message).toMatch(/group roles/)
    expect((await refusal(add('grace', 'admin'))).message).toBe(
      'role "admin" is not a desk role: reviewer, lead, pipeline',
    )
    expect(
      (await refusal(addPerson({ adminUrl: server.adminUrl, name: 'grace', role: 'lead', password: '' })))
        .message,
    ).toMatch(/needs a password/)
    expect(
      (await asAdmin(server, "SELECT 1 FROM pg_roles WHERE rolname IN ('grace', 'pg_ada')")).rowCount,
    ).toBe(0)

    await add('grace')
    expect((await refusal(add('grace', 'lead'))).message).toBe('grace is already a person of this desk')
    await asAdmin(server, 'CREATE ROLE stranger LOGIN')
    expect((await refusal(add('stranger'))).message).toMatch(
      /^stranger is already a role of this PostgreSQL server, though not a person of this desk/,
    )
    expect((await asAdmin(server, "SELECT name FROM people WHERE name = 'stranger'")).rowCount).toBe(0)
  })

  it('failures to connect are one line naming the server', async () => {
    const wrong = await refusal(initCatalogue(server.urlFor('desk_admin', 'wrong-password')))
    expect(wrong.message).toBe(
      `cannot reach the desk at 127.0.0.1:${server.port}: password authentication failed for user desk_admin (the password given)`,
    )
    const missing = await refusal(
      initCatalogue(server.urlFor('desk_admin', server.adminPassword, 'nosuchdb')),
    )
    expect(missing.message).toMatch(
      /^cannot reach the desk at 127\.0\.0\.1:\d+: database nosuchdb does not exist$/,
    )
    await addPerson({ adminUrl: server.adminUrl, name: 'plain_reviewer', role: 'reviewer', password: 'pw' })
    await asAdmin(server, 'CREATE DATABASE empty')
    const notAllowed = await refusal(initCatalogue(server.urlFor('plain_reviewer', 'pw', 'empty')))
    // Its tables need CREATE on the schema, which a desk person lacks.
    expect(notAllowed.message).toBe(
      `PostgreSQL at plain_reviewer@127.0.0.1:${server.port}/empty refused: permission denied for schema public`,
    )
    expect((await asAdmin(server, "SELECT to_regclass('public.people') AS people", 'empty')).rows[0]).toEqual(
      {
        people: null,
      },
    )
  })
})
