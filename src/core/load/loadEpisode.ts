import fs from 'node:fs'
import type { ReplyError } from '../../shared/result'
import path from 'node:path'
import type { Db } from '../db/openDatabase'
import { UserError } from '../errors'
import { knownMediaFile } from '../episodes/knownMedia'
import { describeMediaFile, type LinkableMedia } from '../media/describeMediaFile'
import { checkEpisodeDocument, checkEpisodeFileSync } from './checkEpisodeFile'
import { documentRows } from './documentRows'
import { episodeChecker, episodeFileLoader, type NamedMedia, type RowsLater } from './loadOffThread'
import { withBulkWriteSettings } from '../db/bulkWriteSettings'
import {
  writeEpisodeRows,
  writeLoaded,
  type Loaded,
  type LoadOptions,
  type LoadResult,
  type MediaLink,
} from './writeLoaded'

export type { Loaded, LoadOptions, LoadResult }

/** Loads an episode JSON v1 file: see loadEpisodeDocument. */
export function loadEpisodeFile(db: Db, file: string, options: Omit<LoadOptions, 'name'> = {}): LoadResult {
  const name = path.basename(file)
  return writeEpisodeRows(
    db,
    documentRows(checkEpisodeFileSync(file, name), new Date().toISOString()),
    options,
  )
}

/**
 * Loads an episode JSON v1 file as {@link loadEpisodeFile} does, where the process answers windows
 * reading, checking and writing a large file on the loading thread (loadOffThread.ts): the host
 * answers other windows meanwhile. Its warnings say what the editor should know: linked media decoding
 * to another length than the file gave. Without `media`, media the file names by SHA-256 that another
 * episode of the library links, still on disk (see knownMediaFile), or found in the file's own folder
 * under the name it gives with that content, is linked in the load's transaction: the episode opens
 * playable, with `linkedMedia` naming the file.
 */
export async function loadEpisodeFileOffThread(
  db: Db,
  file: string,
  options: Omit<LoadOptions, 'name'> = {},
): Promise<Loaded> {
  const name = path.basename(file)
  const loader = await episodeFileLoader(db, file, name)
  const prepared = await loader.prepare()
  try {
    return await loader.write(prepared, options, await mediaToLink(db, file, prepared.media, options))
  } finally {
    loader.drop(prepared)
  }
}

/** From this many files on, a load of several reads and checks them on the loading thread (its start is ~0.1 s). */
const THREAD_AT = 8
/** Files handed to the loading thread ahead of the one written: enough to keep it busy, not a library's rows held. */
const AHEAD = 2

/** One file of a load of several: loaded, or refused with the reason (the rest still load). */
export type FileLoad = ({ ok: true } & Loaded) | { ok: false; error: ReplyError }

/**
 * Loads several episode JSON v1 files, each on its own as {@link loadEpisodeFileOffThread} loads one
 * (its own transaction, its media looked for the same way, a refusal saying why and the rest going on),
 * in order. From THREAD_AT files on, the next ones are read and checked on the loading thread while this
 * thread writes the one before (~20 ms of checking and ~17 of writing an hour-long episode: on two
 * cores the two overlap), and SQLite writes with the bulk settings a desk pull uses.
 */
export async function loadEpisodeFiles(
  db: Db,
  files: readonly string[],
  options: Omit<LoadOptions, 'name' | 'media'> = {},
): Promise<FileLoad[]> {
  const many = files.length >= THREAD_AT
  const check = episodeChecker(many)
  const later: (RowsLater | undefined)[] = []
  const handOver = (k: number): void => {
    const file = files[k] as string
    later[k] = check({ file }, path.basename(file))
  }
  const run = async (): Promise<FileLoad[]> => {
    const results: FileLoad[] = []
    for (const [i, file] of files.entries()) {
      for (let k = i; k <= i + AHEAD && k < files.length; k++) if (!later[k]) handOver(k)
      try {
        const rows = await (later[i] as RowsLater)()
        later[i] = undefined
        const media = rows.media[0]
        const named = media && {
          fileName: String(media.file_name),
          ...(media.sha256 ? { sha256: String(media.sha256) } : {}),
        }
        const link = await mediaToLink(db, file, named ?? null, options)
        results.push({ ok: true, ...writeLoaded(db, rows, options, link) })
      } catch (error) {
        if (!(error instanceof UserError)) throw error
        results.push({ ok: false, error: { code: error.code, message: error.message } })
      }
    }
    return results
  }
  return many ? withBulkWriteSettings(db, run) : run()
}

/** The media a load links: the file the caller named, else media the library or the file's folder has. */
async function mediaToLink(
  db: Db,
  file: string,
  named: NamedMedia | null,
  options: LoadOptions,
): Promise<MediaLink | null> {
  if (options.media !== undefined) {
    const media = await describeMediaFile(options.media)
    if (named?.sha256 !== undefined && named.sha256 !== media.sha256)
      throw new UserError(
        'invalid-input',
        `${path.basename(file)} names media with SHA-256 ${named.sha256}, but ${media.fileName} has SHA-256 ${media.sha256}; nothing was loaded`,
      )
    return { media, required: true }
  }
  const sha256 = named?.sha256
  if (sha256 === undefined) return null
  // Looked up before the write's transaction: a file to hash must not hold the database. The library's
  // own link first (nothing to read), then the file's folder.
  const known = (await knownMediaFile(db, sha256)) ?? (await mediaBeside(file, named))
  return known && { media: known, required: false }
}

/**
 * The media a file names, found beside it with the content it names: a pipeline writes its analysis
 * into the folder of the media it analysed. Null when there is no such file, or it holds other content.
 */
async function mediaBeside(file: string, named: NamedMedia | null): Promise<LinkableMedia | null> {
  if (!named?.sha256) return null
  // The name only: a file naming `../../elsewhere` is looked for in its own folder, not beyond it.
  const candidate = path.join(path.dirname(path.resolve(file)), path.basename(named.fileName))
  const stat = await fs.promises.stat(candidate).catch(() => null)
  if (!stat?.isFile()) return null
  const media = await describeMediaFile(candidate).catch(() => null)
  return media?.sha256 === named.sha256 ? media : null
}

/**
 * Writes an episode JSON v1 document (its text, or the value parsed from it) into the database as a
 * new episode with the document's ids. A document with any problem is refused as a whole, listing its
 * problems as `<json path>: <problem>`; nothing is written then. The load is one transaction and not
 * an undoable edit: the episode starts with an empty history.
 */
export function loadEpisodeDocument(db: Db, input: unknown, options: LoadOptions = {}): LoadResult {
  const document = checkEpisodeDocument(input, options.name ?? 'the episode file')
  return writeEpisodeRows(db, documentRows(document, new Date().toISOString()), options)
}
