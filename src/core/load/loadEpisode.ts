import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { EpisodeDocument } from '../../shared/episodeFormat'
import { insertRows } from '../db/insertRows'
import type { Db } from '../db/openDatabase'
import { UserError } from '../errors'
import { knownMediaFile } from '../episodes/knownMedia'
import { linkMedia } from '../episodes/relinkMedia'
import { describeMediaFile, type LinkableMedia } from '../media/describeMediaFile'
import { checkEpisodeDocument, checkEpisodeFile, checkEpisodeFileSync } from './checkEpisodeFile'
import { DOCUMENT_TABLES, documentRows, type DocumentRows } from './documentRows'

export interface LoadOptions {
  /** Overwrite an episode with the same id (its edit history goes with it). */
  replace?: boolean
  /**
   * When the id is taken, load as another episode under the first free id `<id>-2`, `<id>-3`, …
   * (a second analysis of the same episode); excludes `replace`.
   */
  keepBoth?: boolean
  /** A media file to link as the episode loads (a publishing pipeline): it must be the file's media. */
  media?: string
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
  return writeEpisode(db, checkEpisodeFileSync(file, name), options)
}

/**
 * Loads an episode JSON v1 file as {@link loadEpisodeFile} does, reading and checking a large file on
 * a worker thread: the host answers other windows meanwhile, and only the write holds it. Its
 * warnings say what the editor should know: linked media decoding to another length than the file gave.
 * Without `media`, media the file names by SHA-256 that another episode of the library links, still on
 * disk (see knownMediaFile), or found in the file's own folder under the name it gives with that
 * content, is linked in the load's transaction: the episode opens playable, with `linkedMedia` naming
 * the file.
 */
export async function loadEpisodeFileOffThread(
  db: Db,
  file: string,
  options: Omit<LoadOptions, 'name'> = {},
): Promise<LoadResult & { warnings: string[]; linkedMedia?: string }> {
  const document = await checkEpisodeFile(file, path.basename(file))
  if (options.media === undefined) return loadWithKnownMedia(db, document, file, options)
  const media = await describeMediaFile(options.media)
  const named = document.episode.media?.sha256
  if (named !== undefined && named !== media.sha256)
    throw new UserError(
      'invalid-input',
      `${path.basename(file)} names media with SHA-256 ${named}, but ${media.fileName} has SHA-256 ${media.sha256}; nothing was loaded`,
    )
  return db
    .transaction(() => {
      const loaded = writeEpisode(db, document, options)
      const { lengthWarning } = linkMedia(db, loaded.id, media)
      return { ...loaded, warnings: lengthWarning === null ? [] : [lengthWarning] }
    })
    .immediate()
}

/**
 * The media a file names, found beside it with the content it names: a pipeline writes its analysis
 * into the folder of the media it analysed. Null when there is no such file, or it holds other content.
 */
async function mediaBeside(file: string, document: EpisodeDocument): Promise<LinkableMedia | null> {
  const named = document.episode.media
  if (!named?.sha256) return null
  // The name only: a file naming `../../elsewhere` is looked for in its own folder, not beyond it.
  const candidate = path.join(path.dirname(path.resolve(file)), path.basename(named.fileName))
  const stat = await fs.promises.stat(candidate).catch(() => null)
  if (!stat?.isFile()) return null
  const media = await describeMediaFile(candidate).catch(() => null)
  return media?.sha256 === named.sha256 ? media : null
}

async function loadWithKnownMedia(
  db: Db,
  document: EpisodeDocument,
  file: string,
  options: LoadOptions,
): Promise<LoadResult & { warnings: string[]; linkedMedia?: string }> {
  const sha256 = document.episode.media?.sha256
  // Looked up before the write's transaction: a file to hash must not hold the database. The library's
  // own link first (nothing to read), then the file's folder.
  const known =
    sha256 === undefined ? null : ((await knownMediaFile(db, sha256)) ?? (await mediaBeside(file, document)))
  if (known === null) return { ...writeEpisode(db, document, options), warnings: [] }
  return db
    .transaction(() => {
      const loaded = writeEpisode(db, document, options)
      try {
        // A savepoint of its own: media the episode's items run past is left unlinked, not the load
        // refused; the editor relinks as for any media shown missing.
        const { lengthWarning } = db.transaction(() => linkMedia(db, loaded.id, known))()
        return {
          ...loaded,
          warnings: lengthWarning === null ? [] : [lengthWarning],
          linkedMedia: known.fileName,
        }
      } catch (error) {
        if (!(error instanceof UserError)) throw error
        return { ...loaded, warnings: [] }
      }
    })
    .immediate()
}

/**
 * Writes an episode JSON v1 document (its text, or the value parsed from it) into the database as a
 * new episode with the document's ids. A document with any problem is refused as a whole, listing its
 * problems as `<json path>: <problem>`; nothing is written then. The load is one transaction and not
 * an undoable edit: the episode starts with an empty history.
 */
export function loadEpisodeDocument(db: Db, input: unknown, options: LoadOptions = {}): LoadResult {
  return writeEpisode(db, checkEpisodeDocument(input, options.name ?? 'the episode file'), options)
}

function writeEpisode(db: Db, document: EpisodeDocument, options: LoadOptions): LoadResult {
  if (options.replace && options.keepBoth)
    throw new UserError(
      'invalid-request',
      'replace and keepBoth exclude each other: a load either overwrites the episode or keeps both',
    )
  // Built before the write's transaction, so only the inserts hold the database.
  const rows = documentRows(document, new Date().toISOString())
  const { id } = document.episode
  return db
    .transaction((): LoadResult => {
      const existing = db.prepare(`SELECT title, trashed_at FROM episodes WHERE id = ?`).get(id) as
        { title: string; trashed_at: string | null } | undefined
      if (existing && options.keepBoth) {
        // Chosen inside the write's transaction, so no other load can take the id meanwhile.
        const copyId = freeCopyId(db, id)
        const copy = withEpisodeId(rows, copyId)
        for (const table of DOCUMENT_TABLES) insertRows(db, table, copy[table])
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
function withEpisodeId(rows: DocumentRows, id: string): DocumentRows {
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
function freeCopyId(db: Db, id: string): string {
  const taken = db.prepare(`SELECT 1 FROM episodes WHERE id = ?`)
  for (let n = 2; ; n++) {
    const suffix = `-${n}`
    const candidate = cutTo(id, MAX_ID_LENGTH - suffix.length) + suffix
    if (taken.get(candidate) === undefined) return candidate
  }
}

function cutTo(text: string, length: number): string {
  if (text.length <= length) return text
  let cut = ''
  for (const character of text) {
    if (cut.length + character.length > length) break
    cut += character
  }
  return cut
}
