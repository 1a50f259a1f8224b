/** One step of the desk catalogue's schema (PostgreSQL), like the library's SQLite migrations. */
export interface CatalogueMigration {
  /** Versions start at 1 and rise by one; `catalogue_schema` holds a row for each applied. */
  version: number
  name: string
  sql: string
}
