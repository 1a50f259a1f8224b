import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import { listedProblems } from '../../shared/episodeLimits'
import type { EpisodeDocument } from '../../shared/episodeFormat'
import type { ErrorCode } from '../../shared/result'
import { validateEpisodeDocument } from '../../shared/validateEpisode'
import { UserError } from '../errors'
import { parseEpisodeJson, readEpisodeJsonText } from './episodeJsonText'

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
parentPort.postMessage(checkEpisodeFileReply(workerData.file, workerData.name))
`

/**
 * This module's own file and, when it is TypeScript (the CLI, the browser host and the tests run the
 * sources), the loader that lets a worker require it; null inside a bundle, where it has no file.
 */
function workerModule(): { module: string; loader: string | null } | null {
  const extension = path.extname(__filename)
  if (path.basename(__filename, extension) !== 'checkEpisodeFile') return null
  if (extension === '.js') return { module: __filename, loader: null }
  try {
    return { module: __filename, loader: createRequire(__filename).resolve('tsx/cjs/api') }
  } catch {
    return null
  }
}

function checkOnWorker(
  where: { module: string; loader: string | null },
  file: string,
  name: string,
): Promise<EpisodeDocument> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { ...where, file, name } })
    worker.once('message', (reply: WorkerReply) => {
      if (reply.ok) resolve(reply.value)
      else reject(reply.user ? new UserError(reply.code, reply.message) : new Error(reply.message))
    })
    worker.once('error', reject)
    worker.once('exit', (code) => reject(new Error(`the episode file reader stopped (exit code ${code})`)))
  })
}

/**
 * Reads and checks an episode JSON file without holding up the event loop for long: a large file on a
 * worker thread where this module can be loaded there, else in place.
 */
export async function checkEpisodeFile(file: string, name: string): Promise<EpisodeDocument> {
  let size: number
  try {
    size = (await fs.promises.stat(file)).size
  } catch {
    throw new UserError('not-found', `file not found: ${file}`)
  }
  const where = size > WORKER_BYTES ? workerModule() : null
  return where ? checkOnWorker(where, file, name) : checkEpisodeFileSync(file, name)
}
