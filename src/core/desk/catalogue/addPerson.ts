import { UserError } from '../../errors'
import { withCatalogueClient } from './catalogueClient'
import { catalogueVersion, newerCatalogue } from './migrateCatalogue'
import { CATALOGUE_MIGRATIONS } from './migrations'
import { checkDeskRole, checkPersonName, checkPersonPassword, type DeskRole } from './personRules'
import { scramVerifier } from './scramVerifier'

export interface NewPerson {
  /** The catalogue's database, as a role allowed to create roles (the one that ran `desk init`). */
  adminUrl: string
  /** A host outside this machine without TLS (`--insecure`). */
  insecure?: boolean
  name: string
  role: DeskRole | string
  password: string
}

const quoteIdent = (name: string): string => `"${name.replace(/"/g, '""')}"`

/**
 * `desk add-person`: a login role in the desk's group for its role, allowed to connect to the
 * catalogue's database, and its row in `people`, in one transaction. The password reaches the server
 * only as its SCRAM-SHA-256 verifier.
 */
export async function addPerson(person: NewPerson): Promise<{ name: string; role: DeskRole }> {
  const name = checkPersonName(person.name)
  const role = checkDeskRole(person.role)
  const verifier = await scramVerifier(checkPersonPassword(person.password))
  return withCatalogueClient(
    person.adminUrl,
    async (client) => {
      await client.query('BEGIN')
      try {
        const version = await catalogueVersion(client)
        if (version === 0)
          throw new UserError(
            'not-found',
            'this database holds no desk catalogue: run episcore desk init URL first',
          )
        if (version > CATALOGUE_MIGRATIONS.length) throw newerCatalogue(version, CATALOGUE_MIGRATIONS.length)
        const known = await client.query('SELECT 1 FROM people WHERE name = $1', [name])
        if (known.rowCount) throw new UserError('conflict', `${name} is already a person of this desk`)
        const existing = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [name])
        if (existing.rowCount)
          throw new UserError(
            'conflict',
            `${name} is already a role of this PostgreSQL server, though not a person of this desk: choose another name`,
          )
        // The name passed its rule and the verifier is base64 and $:, so both are safe in the text.
        await client.query(
          `CREATE ROLE ${quoteIdent(name)} LOGIN PASSWORD '${verifier}' IN ROLE ${quoteIdent(`episcore_${role}`)}`,
        )
        const { rows } = await client.query<{ db: string }>('SELECT current_database() AS db')
        await client.query(`GRANT CONNECT ON DATABASE ${quoteIdent(rows[0]!.db)} TO ${quoteIdent(name)}`)
        await client.query('INSERT INTO people (name, role) VALUES ($1, $2)', [name, role])
        await client.query('COMMIT')
        return { name, role }
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined)
        throw error
      }
    },
    { insecure: person.insecure === true },
  )
}
