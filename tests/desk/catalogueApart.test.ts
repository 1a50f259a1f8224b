import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addPerson, initCatalogue } from '../../src/core/desk/catalogue'
import { skipPostgresTests, startPostgres, type TestPostgres } from './postgresServer'

describe.skipIf(skipPostgresTests())('two desks on one server', () => {
  let server: TestPostgres
  beforeAll(async () => {
    server = await startPostgres()
  })
  afterAll(async () => {
    await server?.destroy()
  })

  it('keeps each desk’s people out of the other’s catalogue, though the group roles are the server’s', async () => {
    const admin = new pg.Client({ connectionString: server.adminUrl })
    await admin.connect()
    await admin.query('CREATE DATABASE other_desk')
    await admin.end()
    const other = server.urlFor('desk_admin', server.adminPassword, 'other_desk')
    await initCatalogue(server.adminUrl)
    await initCatalogue(other)
    await addPerson({ adminUrl: server.adminUrl, name: 'here_one', role: 'reviewer', password: 'pw-here' })
    await addPerson({ adminUrl: other, name: 'there_one', role: 'reviewer', password: 'pw-there' })

    const tryAs = async (user: string, password: string, database: string): Promise<string> => {
      const client = new pg.Client({ connectionString: server.urlFor(user, password, database) })
      try {
        await client.connect()
        return 'connected'
      } catch (error) {
        return (error as Error).message
      } finally {
        await client.end().catch(() => undefined)
      }
    }
    expect(await tryAs('here_one', 'pw-here', 'desk')).toBe('connected')
    expect(await tryAs('there_one', 'pw-there', 'other_desk')).toBe('connected')
    expect(await tryAs('there_one', 'pw-there', 'desk')).toMatch(/permission denied for database "desk"/)
    expect(await tryAs('here_one', 'pw-here', 'other_desk')).toMatch(
      /permission denied for database "other_desk"/,
    )
  })
})
