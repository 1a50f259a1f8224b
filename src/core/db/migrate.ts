import type Database from 'better-sqlite3'
import { UserError } from '../errors'
import type { Migration } from './migrations/migration'

export function schemaVersion(db: Database.Database): number {
  return db.pragma('user_version', { simple: true }) as number
}

/** The refusal for a database a newer app wrote: it is never downgraded. */
export const newerSchema = (current: number, latest: number): UserError =>
  new UserError(
    'conflict',
    `this database was written by a newer Episcore (schema version ${current}; this app knows up to ${latest}). Update the app to open it.`,
  )

/**
 * Brings the database to the newest schema: all pending migrations in one transaction, so a failure
 * leaves it at the version it had. A database written by a newer app is refused, never downgraded.
 */
export function migrate(db: Database.Database, migrations: readonly Migration[]): void {
  migrations.forEach((m, i) => {
    if (m.version !== i + 1)
      throw new Error(`migration ${m.name} has version ${m.version}, expected ${i + 1}`)
  })
  const latest = migrations.length
  const current = schemaVersion(db)
  if (current > latest) throw newerSchema(current, latest)
  if (current === latest) return
  db.transaction(() => {
    for (const m of migrations.slice(current)) db.exec(m.sql)
    db.pragma(`user_version = ${latest}`)
  }).immediate()
}
