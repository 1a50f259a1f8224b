import { withCatalogueClient, type CatalogueReach } from './catalogueClient'
import { migrateCatalogue } from './migrateCatalogue'

export interface InitOutcome {
  version: number
  /** Whether this run made the catalogue (the database had none). */
  created: boolean
  /** The version it had: 0 when created, the same as `version` when nothing changed. */
  from: number
}

/**
 * `desk init`: creates or upgrades the catalogue in the URL's database, as the URL's user (who then
 * owns its tables), with the desk's group roles. Running it again changes nothing.
 */
export async function initCatalogue(url: string, reach: CatalogueReach = {}): Promise<InitOutcome> {
  return withCatalogueClient(
    url,
    async (client) => {
      const { from, version } = await migrateCatalogue(client)
      // Group roles are the server's, shared by every database on it: without this, a person of another
      // desk on the same server could connect here (PostgreSQL lets PUBLIC connect by default). Each
      // person is granted CONNECT by add-person; the owner keeps it as the owner.
      const { rows } = await client.query<{ db: string }>('SELECT current_database() AS db')
      await client.query(
        `REVOKE CONNECT ON DATABASE "${(rows[0]?.db ?? '').replace(/"/g, '""')}" FROM PUBLIC`,
      )
      return { version, created: from === 0, from }
    },
    reach,
  )
}
