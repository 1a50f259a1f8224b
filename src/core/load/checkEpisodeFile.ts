import { Worker } from 'node:worker_threads'
import { listedProblems } from '../../shared/episodeLimits'
import type { EpisodeDocument } from '../../shared/episodeFormat'
import type { ErrorCode } from '../../shared/result'
import { validateEpisodeDocument } from '../../shared/validateEpisode'
import { UserError } from '../errors'
import { workerModule, type WorkerModule } from '../worker/workerModule'
import { regularFileSize } from '../files/regularFile'
import { episodeFileRules, parseEpisodeJson, readEpisodeJsonText } from './episodeJsonText'

/**
 * Past this size an episode file is read and checked on a worker thread: a 30 MB file takes seconds
 * to parse and check, and the host must go on answering the other windows meanwhile. Smaller files are
 * checked in place, where a worker's start would cost more than the check.
 */
export const WORKER_BYTES = 512 * 1024

/**
 * Episode JSON v1 (its text, or the value parsed from it) as a checked document. A document with any
 * problem is refused as a whole, listing its problems as `<json path>: <problem>` (the first 100, then
 * how many more).
 */
export function checkEpisodeDocument(input: unknown, name: string): EpisodeDocument {
  const json = typeof input === 'string' ? parseEpisodeJson(input, name) : input
  const check = validateEpisodeDocument(json)
  if (check.ok) return check.document
  const n = check.problems.length
  const count = `${n.toLocaleString('en')} problem${n === 1 ? '' : 's'}`
  throw new UserError(
    'invalid-input',
    `${name} is not a valid episode JSON v1 file (${count}):\n${listedProblems(check.problems).join('\n')}`,
  )
}

export const checkEpisodeFileSync = (file: string, name: string): EpisodeDocument =>
  checkEpisodeDocument(readEpisodeJsonText(file, name), name)

type WorkerReply =
  { ok: true; value: EpisodeDocument } | { ok: false; user: boolean; code: ErrorCode; message: string }

/** Runs in the worker: the reply as structured clone can carry it (a UserError loses its class). */
export function checkEpisodeFileReply(file: string, name: string): WorkerReply {
  try {
    return { ok: true, value: checkEpisodeFileSync(file, name) }
  } catch (error) {
    const user = error instanceof UserError
    return { ok: false, user, code: user ? error.code : 'internal', message: (error as Error).message }
  }
}

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
if (workerData.loader) require(workerData.loader).register()
const { checkEpisodeFileReply } = require(workerData.module)
parentPort.on('message', ({ id, file, name }) => parentPort.postMessage({ id, reply: checkEpisodeFileReply(file, name) }))
`

/** The worker's entry that the builds write beside their bundles (see episodeFileWorker.ts). */
export const BUNDLED_EPISODE_WORKER = 'episodeFileWorker.js'

type Pending = { resolve: (document: EpisodeDocument) => void; reject: (error: Error) => void }

/**
 * One reader thread, started at the first large file and kept: starting a thread that loads the
 * schema costs a second or more (most of it compiling the sources where they run as TypeScript), which
 * every large file would otherwise pay again. It never keeps the process alive; one that fails is
 * replaced at the next file.
 */
class EpisodeReader {
  private worker: Worker | null = null
  private readonly pending = new Map<number, Pending>()
  private nextId = 0

  constructor(private readonly where: WorkerModule) {}

  check(file: string, name: string): Promise<EpisodeDocument> {
    const worker = this.worker ?? this.start()
    const id = this.nextId++
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject })
      worker.ref()
      worker.postMessage({ id, file, name })
    })
  }

  private start(): Worker {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: this.where })
    const fail = (error: Error): void => {
      if (this.worker === worker) this.worker = null
      for (const { reject } of this.pending.values()) reject(error)
      this.pending.clear()
    }
    worker.on('message', ({ id, reply }: { id: number; reply: WorkerReply }) => {
      const waiting = this.pending.get(id)
      this.pending.delete(id)
      if (this.pending.size === 0) worker.unref()
      if (!waiting) return
      if (reply.ok) waiting.resolve(reply.value)
      else waiting.reject(reply.user ? new UserError(reply.code, reply.message) : new Error(reply.message))
    })
    worker.once('error', fail)
    worker.once('exit', (code) => fail(new Error(`the episode file reader stopped (exit code ${code})`)))
    this.worker = worker
    return worker
  }
}

let reader: EpisodeReader | null | undefined
let offThread = false

/**
 * Makes this process read large episode files on the reader thread: a process that answers windows
 * (the browser host, the app's core) calls it when it opens its database. A one-shot command (the CLI)
 * has no one else to answer, and would only pay the thread's start.
 */
export function readLargeEpisodeFilesOffThread(): void {
  offThread = true
}

/**
 * Reads and checks an episode JSON file without holding up the event loop for long: a large file on a
 * worker thread where this module can be loaded there, else in place.
 */
export async function checkEpisodeFile(file: string, name: string): Promise<EpisodeDocument> {
  const size = await regularFileSize(file, episodeFileRules(name))
  if (offThread && size > WORKER_BYTES && reader === undefined) {
    const where = workerModule(__filename, 'checkEpisodeFile', BUNDLED_EPISODE_WORKER)
    reader = where && new EpisodeReader(where)
  }
  return offThread && size > WORKER_BYTES && reader
    ? reader.check(file, name)
    : checkEpisodeFileSync(file, name)
}
