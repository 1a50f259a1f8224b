import { randomUUID } from 'node:crypto'
import { makeLoadedVersionKnown } from '../codebook/codebookStamp'
import { insertRows } from '../db/insertRows'
import type { Db } from '../db/openDatabase'
import { UserError } from '../errors'
import { linkMedia } from '../episodes/relinkMedia'
import type { LinkableMedia } from '../media/describeMediaFile'
import { DOCUMENT_TABLES, type DocumentRows } from './documentRows'

/*
 * The write of a load: a checked document's rows into the library, with the media found for it, in one
 * transaction. It runs where the rows were made: in place, or on the loading thread with a connection
 * of its own (loadOffThread.ts), so that a large file's write does not hold the host.
 */

export interface LoadOptions {
  /** Overwrite an episode with the same id (its edit history goes with it). */
  replace?: boolean
  /**
   * When the id is taken, load as another episode under the first free id `<id>-2`, `<id>-3`, …
   * (a second analysis of the same episode); excludes `replace`.
   */
  keepBoth?: boolean
  /**
   * With keepBoth, whether the new analysis is recorded as a copy of the one under the id (the library
   * names it "copy of …"): yes unless false, which a consensus, an analysis of its own, says.
   */
  markCopy?: boolean
  /** A media file to link as the episode loads (a publishing pipeline): it must be the file's media. */
  media?: string
  /** How messages name the input. */
  name?: string
}

export interface LoadResult {
  id: string
  replaced: boolean
}

export interface Loaded extends LoadResult {
  /** What the editor should know: linked media decoding to another length than the file gave. */
  warnings: string[]
  /** The media file linked without being asked for (known to the library, or beside the file). */
  linkedMedia?: string
}

/**
 * Media to link as the episode loads: `required`, the file the caller named (a failure to link refuses
 * the load); else media found by the file's SHA-256, left unlinked if it does not fit the episode.
 */
export interface MediaLink {
  media: LinkableMedia
  required: boolean
}

/** Writes the rows, linking the media in the same transaction. */
export function writeLoaded(
  db: Db,
  rows: DocumentRows,
  options: LoadOptions,
  link: MediaLink | null,
): Loaded {
  if (link === null) return { ...writeEpisodeRows(db, rows, options), warnings: [] }
  return db
    .transaction((): Loaded => {
      const loaded = writeEpisodeRows(db, rows, options)
      if (link.required) {
        const { lengthWarning } = linkMedia(db, loaded.id, link.media)
        return { ...loaded, warnings: lengthWarning === null ? [] : [lengthWarning] }
      }
      try {
        // A savepoint of its own: media the episode's items run past is left unlinked, not the load
        // refused; the editor relinks as for any media shown missing.
        const { lengthWarning } = db.transaction(() => linkMedia(db, loaded.id, link.media))()
        return {
          ...loaded,
          warnings: lengthWarning === null ? [] : [lengthWarning],
          linkedMedia: link.media.fileName,
        }
      } catch (error) {
        if (!(error instanceof UserError)) throw error
        return { ...loaded, warnings: [] }
      }
    })
    .immediate()
}

/**
 * Writes a checked document's rows into the database as a new episode with the document's ids. The
 * load is one transaction and not an undoable edit: the episode starts with an empty history.
 */
export function writeEpisodeRows(db: Db, rows: DocumentRows, options: LoadOptions): LoadResult {
  if (options.replace && options.keepBoth)
    throw new UserError(
      'invalid-request',
      'replace and keepBoth exclude each other: a load either overwrites the episode or keeps both',
    )
  const id = String(rows.episodes[0]?.id)
  return db
    .transaction((): LoadResult => {
      // In the load's own transaction: a refused load leaves no codebook version behind.
      if (rows.codebook) makeLoadedVersionKnown(db, rows.codebook)
      const existing = db.prepare(`SELECT title, trashed_at FROM episodes WHERE id = ?`).get(id) as
        { title: string; trashed_at: string | null } | undefined
      if (existing && options.keepBoth) {
        // Chosen inside the write's transaction, so no other load can take the id meanwhile.
        const copyId = freeCopyId(db, id)
        const copy = withEpisodeId(rows, copyId)
        for (const table of DOCUMENT_TABLES) insertRows(db, table, copy[table])
        if (options.markCopy !== false)
          db.prepare(`UPDATE episodes SET copy_of = ? WHERE id = ?`).run(id, copyId)
        return { id: copyId, replaced: false }
      }
      // A trashed episode is still whole until the trash is emptied: bringing it back may be what was meant.
      if (existing !== undefined && existing.trashed_at !== null && !options.replace)
        throw new UserError(
          'conflict',
          `episode "${existing.title}" (${id}) is in the trash; load with --replace to overwrite it, or restore it with episcore restore ${id}`,
        )
      if (existing && !options.replace)
        throw new UserError(
          'conflict',
          `episode "${existing.title}" (${id}) is already in the database; load with --replace to overwrite it or --keep-both to add it as another episode`,
        )
      // Every table (the edit history too) cascades from the episode.
      if (existing) db.prepare(`DELETE FROM episodes WHERE id = ?`).run(id)
      for (const table of DOCUMENT_TABLES) insertRows(db, table, rows[table])
      return { id, replaced: existing !== undefined }
    })
    .immediate()
}

/** The rows under another episode id: every table but `episodes` names its episode in `episode_id`. */
export function withEpisodeId(rows: DocumentRows, id: string): DocumentRows {
  const copy = { ...rows }
  for (const table of DOCUMENT_TABLES)
    copy[table] = rows[table].map((row) =>
      // A revision of its own, as every loaded episode has (documentRows).
      table === 'episodes' ? { ...row, id, transcript_rev: randomUUID() } : { ...row, episode_id: id },
    )
  return copy
}

/** The longest id the episode format accepts (episodeFormat.ts), counted as the format counts it. */
const MAX_ID_LENGTH = 64

/**
 * The first `<id>-N` (N = 2, 3, …) not in the library. Where it would pass the id limit, the base is
 * cut to fit, at a whole character so no half of a surrogate pair is left; the number keeps it apart
 * from the other cuts, and every candidate is checked against the library, so it never collides.
 */
export function freeCopyId(db: Db, id: string): string {
  const taken = db.prepare(`SELECT 1 FROM episodes WHERE id = ?`)
  for (let n = 2; ; n++) {
    const suffix = `-${n}`
    const candidate = idWithSuffix(id, suffix)
    if (taken.get(candidate) === undefined) return candidate
  }
}

/** `id` + `suffix`, the id cut (at a whole character) so that the two fit the format's id limit. */
export const idWithSuffix = (id: string, suffix: string): string =>
  cutTo(id, MAX_ID_LENGTH - suffix.length) + suffix

function cutTo(text: string, length: number): string {
  if (text.length <= length) return text
  let cut = ''
  for (const character of text) {
    if (cut.length + character.length > length) break
    cut += character
  }
  return cut
}
