import path from 'node:path'
import { listedProblems } from '../../shared/episodeLimits'
import { validateEpisodeDocument } from '../../shared/validateEpisode'
import { insertRows } from '../db/insertRows'
import type { Db } from '../db/openDatabase'
import { UserError } from '../errors'
import { DOCUMENT_TABLES, documentRows } from './documentRows'
import { parseEpisodeJson, readEpisodeJsonText } from './episodeJsonText'

export interface LoadOptions {
  /** Overwrite an episode with the same id (its edit history goes with it). */
  replace?: boolean
  /** How messages name the input. */
  name?: string
}

export interface LoadResult {
  id: string
  replaced: boolean
}

/** Loads an episode JSON v1 file: see loadEpisodeDocument. */
export function loadEpisodeFile(db: Db, file: string, options: Omit<LoadOptions, 'name'> = {}): LoadResult {
  const name = path.basename(file)
  return loadEpisodeDocument(db, readEpisodeJsonText(file, name), { ...options, name })
}

/**
 * Writes an episode JSON v1 document (its text, or the value parsed from it) into the database as a
 * new episode with the document's ids. A document with any problem is refused as a whole, listing every
 * problem as `<json path>: <problem>`; nothing is written then. The load is one transaction and not an
 * undoable edit: the episode starts with an empty history.
 */
export function loadEpisodeDocument(db: Db, input: unknown, options: LoadOptions = {}): LoadResult {
  const name = options.name ?? 'the episode file'
  const json = typeof input === 'string' ? parseEpisodeJson(input, name) : input
  const check = validateEpisodeDocument(json)
  if (!check.ok) {
    const n = check.problems.length
    const count = `${n.toLocaleString('en')} problem${n === 1 ? '' : 's'}`
    throw new UserError(
      'invalid-input',
      `${name} is not a valid episode JSON v1 file (${count}):\n${listedProblems(check.problems).join('\n')}`,
    )
  }
  const rows = documentRows(check.document, new Date().toISOString())
  const { id } = check.document.episode
  return db
    .transaction((): LoadResult => {
      const existing = db.prepare(`SELECT title FROM episodes WHERE id = ?`).get(id) as
        { title: string } | undefined
      if (existing && !options.replace)
        throw new UserError(
          'conflict',
          `episode "${existing.title}" (${id}) is already in the database; load with --replace to overwrite it`,
        )
      // Every table (the edit history too) cascades from the episode.
      if (existing) db.prepare(`DELETE FROM episodes WHERE id = ?`).run(id)
      for (const table of DOCUMENT_TABLES) insertRows(db, table, rows[table])
      return { id, replaced: existing !== undefined }
    })
    .immediate()
}
