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
    const rows = documentRows(doc, new Date().toISOString())
    old.transaction(() => {
      for (const table of DOCUMENT_TABLES) insertRows(old, table, rows[table])
    })()
  } finally {
    old.close()
  }
}
