import Database from 'better-sqlite3'
import { migrate } from '../src/core/db/migrate'
import { MIGRATIONS } from '../src/core/db/migrations'
import { insertRows } from '../src/core/db/insertRows'
import { DOCUMENT_TABLES, documentRows } from '../src/core/load/documentRows'
import type { EpisodeDocument } from '../src/shared/episodeFormat'

/** The schema version before the search index (migration 014) came. */
export const BEFORE_SEARCH = 13

/**
 * A library as an Episcore of schema 13 left it, holding `doc`: written row by row as a load of that
 * version wrote it, since today's load knows the trash, which came later.
 */
export function databaseBeforeSearch(file: string, doc: EpisodeDocument): void {
  const old = new Database(file)
  try {
    migrate(old, MIGRATIONS.slice(0, BEFORE_SEARCH))
    old.pragma('foreign_keys = ON')
    writeAsThatVersionDid(old, doc)
  } finally {
    old.close()
  }
}

/**
 * Writes `doc` into a library of an older schema as a load of that version did: only the columns that
 * version had (today's rows carry columns later migrations added), row by row in one transaction.
 */
export function writeAsThatVersionDid(old: Database.Database, doc: EpisodeDocument): void {
  const rows = documentRows(doc, new Date().toISOString())
  const columnsOf = (table: string): Set<string> =>
    new Set((old.pragma(`table_info(${table})`) as { name: string }[]).map((c) => c.name))
  old.transaction(() => {
    for (const table of DOCUMENT_TABLES) {
      const columns = columnsOf(table)
      insertRows(
        old,
        table,
        rows[table].map((row) => Object.fromEntries(Object.entries(row).filter(([c]) => columns.has(c)))),
      )
    }
  })()
}
