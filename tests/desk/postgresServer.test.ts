import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { skipPostgresTests, startPostgres, type TestPostgres } from './postgresServer'

describe.skipIf(skipPostgresTests())('the throwaway PostgreSQL of the tests', () => {
  let server: TestPostgres
  beforeAll(async () => {
    server = await startPostgres()
  })
  afterAll(async () => {
    await server?.destroy()
  })

  it('answers the admin on loopback, in the desk database, and stops and starts again', async () => {
    const client = new pg.Client({ connectionString: server.adminUrl })
    await client.connect()
    const { rows } = await client.query<{ version: string; db: string; me: string }>(
      'SELECT version() AS version, current_database() AS db, current_user AS me',
    )
    await client.end()
    expect(rows[0]).toMatchObject({ db: 'desk', me: 'desk_admin' })
    expect(rows[0]!.version).toMatch(/^PostgreSQL \d+/)

    const psql = server.psql([server.adminUrl, '-tAc', 'SELECT 1 + 1'])
    expect(psql).toMatchObject({ status: 0, stdout: '2\n' })
    const wrong = server.psql([server.urlFor('desk_admin', 'not-the-password'), '-c', 'SELECT 1'])
    expect(wrong.stderr).toMatch(/password authentication failed/)

    await server.stop()
    expect(server.psql([server.adminUrl, '-c', 'SELECT 1']).status).not.toBe(0)
    await server.start()
    expect(server.psql([server.adminUrl, '-tAc', 'SELECT 1']).stdout).toBe('1\n')
  })
})
