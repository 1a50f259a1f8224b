import { openDatabase, type Db } from '../db/openDatabase'
import { regularFileSize } from '../files/regularFile'
import { handOffOnceStarted } from '../worker/handOff'
import { KeptThread, threadReply, type ThreadReply } from '../worker/keptThread'
import { workerModule } from '../worker/workerModule'
import { checkEpisodeDocument, checkEpisodeFileSync, WORKER_BYTES } from './checkEpisodeFile'
import { documentRows, type DocumentRows } from './documentRows'
import { episodeFileRules, parseEpisodeJson, readEpisodeJsonText } from './episodeJsonText'
import { writeLoaded, type Loaded, type LoadOptions, type MediaLink } from './writeLoaded'

/*
 * A large episode file is read, checked, made into rows and written on the loading thread, through a
 * connection of its own: a 36 MB file of 200,000 segments is seconds of parsing and tens of seconds of
 * writing, and the host must go on answering the other windows meanwhile (their reads go on; an edit
 * waits for the write as for any other writer). The rows stay on the thread between the two steps:
 * the host only learns the episode's id and the media the file names, which it looks for (hashing
 * files is the host's asynchronous work) before the write.
 */

/** The media an episode file names, by which the load looks for it. */
export interface NamedMedia {
  fileName: string
  sha256?: string
}

/** A checked file whose rows wait, where they were made, for their write. */
export interface PreparedLoad {
  token: number
  id: string
  media: NamedMedia | null
}

const waiting = new Map<number, DocumentRows>()
let nextToken = 0

function prepareLoad(file: string, name: string): PreparedLoad {
  const document = checkEpisodeFileSync(file, name)
  const rows = documentRows(document, new Date().toISOString())
  const token = nextToken++
  waiting.set(token, rows)
  const media = document.episode.media
  return {
    token,
    id: document.episode.id,
    media: media ? { fileName: media.fileName, ...(media.sha256 ? { sha256: media.sha256 } : {}) } : null,
  }
}

function takeRows(token: number): DocumentRows {
  const rows = waiting.get(token)
  if (!rows) throw new Error(`no prepared load ${token}`)
  waiting.delete(token)
  return rows
}

/** The loading thread's own connection to each database it wrote in, kept for the next load. */
const connections = new Map<string, Db>()

/** Runs on the loading thread: the file read, checked and made into rows, which wait there. */
export const prepareLoadReply = ({ file, name }: { file: string; name: string }): ThreadReply<PreparedLoad> =>
  threadReply(() => prepareLoad(file, name))

/** Runs on the loading thread: the rows prepared under `token` written into the database `file`. */
export const writeLoadReply = (input: {
  token: number
  file: string
  options: LoadOptions
  link: MediaLink | null
}): ThreadReply<Loaded> =>
  threadReply(() => {
    let db = connections.get(input.file)
    if (!db) connections.set(input.file, (db = openDatabase(input.file)))
    return writeLoaded(db, takeRows(input.token), input.options, input.link)
  })

/** Runs on the loading thread: a prepared load that will not be written (its media was refused). */
export const dropLoadReply = (token: number): ThreadReply<null> =>
  threadReply(() => {
    waiting.delete(token)
    return null
  })

/** Where an episode's JSON comes from: a file to read, or its text (a desk's pull). */
export type EpisodeJsonSource = { file: string } | { text: string }

/** Episode JSON, from a file or as text, read, checked and made into rows. */
function sourceRows(source: EpisodeJsonSource, name: string, now: string): DocumentRows {
  const text = 'text' in source ? source.text : readEpisodeJsonText(source.file, name)
  return documentRows(checkEpisodeDocument(parseEpisodeJson(text, name), name), now)
}

/**
 * Runs on the loading thread: episode JSON read (a file there, not by the caller, which writes the ones
 * before: reading and handing over an hour's text cost the writer ~2 ms of each episode's ~25), checked
 * and made into rows, which are sent back (an hour's are ~1,100 rows, its words packed in their
 * segments: cloned in about a millisecond).
 */
export const rowsReply = (input: {
  source: EpisodeJsonSource
  name: string
  now: string
}): ThreadReply<DocumentRows> => threadReply(() => sourceRows(input.source, input.name, input.now))

/** The thread's answer once it has loaded its module: what a checker waits for before handing it work. */
export const readyReply = (_: null): ThreadReply<null> => ({ ok: true, value: null })

/** The worker's entry that the builds write beside their bundles (see episodeFileWorker.ts). */
export const BUNDLED_EPISODE_WORKER = 'episodeFileWorker.js'

type LoadThread = KeptThread<{
  prepareLoadReply: typeof prepareLoadReply
  writeLoadReply: typeof writeLoadReply
  dropLoadReply: typeof dropLoadReply
  rowsReply: typeof rowsReply
  readyReply: typeof readyReply
}>

let offThread = false
let thread: LoadThread | null | undefined

/**
 * Makes this process load large episode files on the loading thread: a process that answers windows
 * (the browser host, the app's core) calls it when it opens its database. A one-shot command (the CLI)
 * has no one else to answer, and would only pay the thread's start.
 */
export function readLargeEpisodeFilesOffThread(): void {
  offThread = true
}

function loadThread(): LoadThread | null {
  if (thread === undefined) {
    const where = workerModule(__filename, 'loadOffThread', BUNDLED_EPISODE_WORKER)
    thread = where && new KeptThread(where, 'the episode file loader')
  }
  return thread
}

/** The two steps of a load, where they run: in place, or on the loading thread. */
export interface EpisodeFileLoader {
  prepare(): Promise<PreparedLoad>
  write(prepared: PreparedLoad, options: LoadOptions, link: MediaLink | null): Promise<Loaded>
  drop(prepared: PreparedLoad): void
}

/**
 * Where a file is loaded: on the loading thread when this process answers windows, the file is large
 * (past WORKER_BYTES; a smaller one loads faster than a thread's message) and the library is a file
 * the thread can open; else in place.
 */
export async function episodeFileLoader(db: Db, file: string, name: string): Promise<EpisodeFileLoader> {
  const size = await regularFileSize(file, episodeFileRules(name))
  const onThread =
    offThread && size > WORKER_BYTES && db.name !== ':memory:' && db.name !== '' ? loadThread() : null
  if (!onThread)
    return {
      prepare: async () => prepareLoad(file, name),
      write: async (prepared, options, link) => writeLoaded(db, takeRows(prepared.token), options, link),
      drop: (prepared) => void waiting.delete(prepared.token),
    }
  return {
    prepare: () => onThread.run('prepareLoadReply', { file, name }),
    write: (prepared, options, link) =>
      onThread.run('writeLoadReply', { token: prepared.token, file: db.name, options, link }),
    // A write that came takes its rows; this only frees those of a load refused before its write.
    drop: (prepared) => void onThread.run('dropLoadReply', prepared.token).catch(() => undefined),
  }
}

/** An episode handed to the checker; its rows, taken in turn. */
export type RowsLater = () => Promise<DocumentRows>

/**
 * Checks many episodes' JSON (the files of a load, the texts of a desk's pull) and makes their rows: on
 * the loading thread when `many` (reading and checking an hour-long episode is ~20 ms that the caller's
 * writes of the ones before then overlap; the rows' way back costs the caller ~1), started as each is
 * handed over (those taken while the thread starts, in place: see handOffOnceStarted); else in place as
 * the rows are taken, which is quicker than the thread's start for a few. The same checks either way; a
 * refusal (a file that cannot be read, or is no episode) is a UserError where the rows are taken.
 */
export function episodeChecker(many: boolean): (source: EpisodeJsonSource, name: string) => RowsLater {
  const inPlace =
    (source: EpisodeJsonSource, name: string): RowsLater =>
    async () =>
      sourceRows(source, name, new Date().toISOString())
  const onThread = many ? loadThread() : null
  if (!onThread) return inPlace
  const handOff = handOffOnceStarted<DocumentRows>(onThread.running ? null : onThread.run('readyReply', null))
  return (source, name) =>
    handOff(
      () => onThread.run('rowsReply', { source, name, now: new Date().toISOString() }),
      inPlace(source, name),
    )
}
