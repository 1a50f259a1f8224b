import type pg from 'pg'
import { UserError } from '../../errors'
import type { CatalogueMigration } from './migrations/catalogueMigration'
import { CATALOGUE_MIGRATIONS } from './migrations'

/** Every migration step of the desk catalogue takes this lock first: two `desk init` run one after the other. */
const MIGRATION_LOCK = 4301

/** The refusal for a catalogue a newer app made: it is never downgraded, nor written to. */
export const newerCatalogue = (current: number, latest: number): UserError =>
  new UserError(
    'conflict',
    `this desk catalogue was made by a newer Episcore (schema ${current}; this app knows up to ${latest}): update Episcore`,
  )

/** The catalogue's schema version as its rows say: 0 when it has none yet. */
export async function catalogueVersion(client: pg.ClientBase): Promise<number> {
  const table = await client.query<{ exists: boolean }>(
    "SELECT to_regclass('public.catalogue_schema') IS NOT NULL AS exists",
  )
  if (!table.rows[0]?.exists) return 0
  const { rows } = await client.query<{ version: number }>(
    'SELECT coalesce(max(version), 0)::int AS version FROM catalogue_schema',
  )
  return rows[0]?.version ?? 0
}

export interface MigrationOutcome {
  /** The version before: 0 when the database had no catalogue. */
  from: number
  version: number
}

/**
 * Brings the catalogue of the client's database to the newest schema: every pending migration and
 * their rows in catalogue_schema in one transaction, so a failure leaves it as it was. A catalogue
 * from a newer Episcore is refused with nothing written; one already current is left as it is.
 */
export async function migrateCatalogue(
  client: pg.ClientBase,
  migrations: readonly CatalogueMigration[] = CATALOGUE_MIGRATIONS,
): Promise<MigrationOutcome> {
  migrations.forEach((m, i) => {
    if (m.version !== i + 1)
      throw new Error(`catalogue migration ${m.name} has version ${m.version}, expected ${i + 1}`)
  })
  const latest = migrations.length
  await client.query('BEGIN')
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK])
    const current = await catalogueVersion(client)
    if (current > latest) throw newerCatalogue(current, latest)
    for (const m of migrations.slice(current)) await client.query(m.sql)
    for (const m of migrations.slice(current))
      await client.query('INSERT INTO catalogue_schema (version) VALUES ($1)', [m.version])
    await client.query('COMMIT')
    return { from: current, version: Math.max(current, latest) }
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined)
    throw error
  }
}
