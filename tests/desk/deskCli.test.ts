import fs from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CATALOGUE_MIGRATIONS } from '../../src/core/desk/catalogue'
import { tempFolder } from '../tempFolder'
import { episcore } from './episcoreWithInput'
import { skipPostgresTests, startPostgres, type TestPostgres } from './postgresServer'

describe.skipIf(skipPostgresTests())('episcore desk init and add-person', () => {
  let server: TestPostgres
  let adminUrl: string
  let adminEnv: Record<string, string>
  beforeAll(async () => {
    server = await startPostgres()
    adminUrl = `postgres://desk_admin@127.0.0.1:${server.port}/desk`
    adminEnv = { PGPASSWORD: server.adminPassword }
  })
  afterAll(async () => {
    await server?.destroy()
  })

  it('init creates the catalogue, then says nothing changed', () => {
    expect(episcore(['desk', 'init', adminUrl], adminEnv)).toEqual({
      code: 0,
      stdout: `desk catalogue created (schema ${CATALOGUE_MIGRATIONS.length})\n`,
      stderr: '',
    })
    expect(episcore(['desk', 'init', adminUrl], adminEnv)).toMatchObject({
      code: 0,
      stdout: `desk catalogue already at schema ${CATALOGUE_MIGRATIONS.length}: nothing changed\n`,
    })
  })

  it('init finds the password in ~/.pgpass (PGPASSFILE) as psql would', () => {
    const pgpass = path.join(tempFolder(), 'pgpass')
    fs.writeFileSync(pgpass, `127.0.0.1:${server.port}:desk:desk_admin:${server.adminPassword}\n`, {
      mode: 0o600,
    })
    expect(episcore(['desk', 'init', adminUrl], { PGPASSFILE: pgpass })).toMatchObject({
      code: 0,
      stderr: '',
    })
  })

  it('add-person reads the password from standard input and the person can log in with it', async () => {
    const added = episcore(
      ['desk', 'add-person', 'ada', '--role', 'lead', '--url', adminUrl, '--password-stdin'],
      adminEnv,
      'horse battery staple\n',
    )
    expect(added).toEqual({ code: 0, stdout: 'ada added to the desk as lead\n', stderr: '' })
    const client = new pg.Client({ connectionString: server.urlFor('ada', 'horse battery staple') })
    await client.connect()
    const { rows } = await client.query(
      "SELECT current_user AS me, pg_has_role('episcore_lead', 'member') AS lead",
    )
    await client.end()
    expect(rows[0]).toEqual({ me: 'ada', lead: true })

    const again = episcore(
      ['desk', 'add-person', 'ada', '--role', 'reviewer', '--url', adminUrl, '--password-stdin'],
      adminEnv,
      'x',
    )
    expect(again).toEqual({ code: 1, stdout: '', stderr: 'episcore: ada is already a person of this desk\n' })
  })

  it('refuses a password in the URL or on the command line, saying where it goes, before connecting', () => {
    const inUrl = episcore(['desk', 'init', server.adminUrl])
    expect(inUrl.code).toBe(2)
    expect(inUrl.stderr).toMatch(
      /^episcore: the URL: a password does not belong in the URL: give it in PGPASSWORD, ~\/\.pgpass or a PGSERVICE entry\n/,
    )
    expect(inUrl.stderr).not.toContain(server.adminPassword)

    const inQuery = episcore(['desk', 'init', `${adminUrl}?password=${server.adminPassword}`])
    expect(inQuery.stderr).toMatch(/^episcore: the URL: a password does not belong in the URL/)

    const adminInUrl = episcore(
      ['desk', 'add-person', 'bob', '--role', 'reviewer', '--url', server.adminUrl, '--password-stdin'],
      {},
      'pw',
    )
    expect(adminInUrl.stderr).toMatch(
      /^episcore: --url: a password does not belong in the URL: give it in PGPASSWORD/,
    )

    const onCommandLine = episcore(
      ['desk', 'add-person', 'bob', '--role', 'reviewer', '--url', adminUrl, '--password', 'hunter2'],
      adminEnv,
    )
    expect(onCommandLine.code).toBe(2)
    expect(onCommandLine.stderr).toMatch(
      /^episcore: --password is refused \(the shell's history and the process list would keep it\): pipe the new person's password to --password-stdin\n/,
    )
    expect(episcore(['desk', 'init', adminUrl, '--password', 'x']).stderr).toMatch(
      /^episcore: --password is refused .*: give the password of the URL's user in PGPASSWORD, ~\/\.pgpass or a PGSERVICE entry\n/,
    )
  })

  it('says in one line what is wrong with a name, a role, the arguments or the server', () => {
    const add = (name: string, role: string, env = adminEnv): ReturnType<typeof episcore> =>
      episcore(['desk', 'add-person', name, '--role', role, '--url', adminUrl, '--password-stdin'], env, 'pw')
    expect(add('Bob', 'reviewer')).toMatchObject({
      code: 1,
      stderr:
        'episcore: person name "Bob": a plain identifier is needed (a-z or _ first, then a-z, 0-9 or _, at most 63)\n',
    })
    expect(add('bob', 'boss')).toMatchObject({
      code: 1,
      stderr: 'episcore: role "boss" is not a desk role: reviewer, lead, pipeline\n',
    })
    expect(add('bob', 'reviewer', { PGPASSWORD: 'wrong' })).toMatchObject({
      code: 1,
      stderr: `episcore: cannot reach the desk at 127.0.0.1:${server.port}: password authentication failed for user desk_admin (the password came from PGPASSWORD)\n`,
    })
    expect(
      episcore(['desk', 'add-person', 'bob', '--role', 'reviewer', '--url', adminUrl], adminEnv).stderr,
    ).toMatch(/^episcore: desk add-person needs --password-stdin/)
    expect(episcore(['desk', 'frob']).stderr).toMatch(
      /^episcore: unknown desk verb "frob" \(one of init, add-person/,
    )
    expect(episcore(['desk', 'init', adminUrl, '--role', 'lead']).stderr).toMatch(
      /^episcore: desk init takes no --role\n/,
    )
    expect(episcore(['desk', 'init', 'mysql://u@h/db']).stderr).toMatch(
      /^episcore: the URL must be a postgres:\/\/ URL/,
    )
  })

  it('a server that is not there is one line naming host and port', async () => {
    const gone = await startPostgres()
    const url = `postgres://desk_admin@127.0.0.1:${gone.port}/desk`
    await gone.destroy()
    const run = episcore(['desk', 'init', url], { PGPASSWORD: 'x' })
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(
      new RegExp(
        `^episcore: cannot reach the desk at 127\\.0\\.0\\.1:${gone.port}: connection refused.*\\n$`,
      ),
    )
  })
})
