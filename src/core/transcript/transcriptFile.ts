import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import type { ErrorCode } from '../../shared/result'
import { UserError } from '../errors'
import { parseTranscript } from './parseTranscript'
import { checkTranscriptLimits } from './transcriptLimits'
import type { ParsedTranscript } from './parsedTranscript'

/**
 * Past this size a transcript is read on a worker thread: a 50 MB file takes seconds to parse even in
 * linear time, and the host must go on answering other calls meanwhile. Smaller files are read in
 * place, where a worker's start would cost more than the parse.
 */
export const WORKER_BYTES = 512 * 1024

export function readTranscriptFileSync(file: string, durationSeconds?: number): ParsedTranscript {
  let content: Buffer
  try {
    content = fs.readFileSync(file)
  } catch {
    throw new UserError('not-found', `transcript file not found: ${file}`)
  }
  const parsed = parseTranscript(content, path.basename(file), durationSeconds)
  checkTranscriptLimits(parsed, path.basename(file))
  return parsed
}

type WorkerReply =
  { ok: true; value: ParsedTranscript } | { ok: false; user: boolean; code: ErrorCode; message: string }

/** Runs in the worker: the reply as structured clone can carry it (a UserError loses its class). */
export function readTranscriptReply(file: string, durationSeconds?: number): WorkerReply {
  try {
    return { ok: true, value: readTranscriptFileSync(file, durationSeconds) }
  } catch (error) {
    const user = error instanceof UserError
    return { ok: false, user, code: user ? error.code : 'internal', message: (error as Error).message }
  }
}

/** What a worker thread runs: the reader from `workerData.module`, loaded through tsx for sources. */
export const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
if (workerData.loader) require(workerData.loader).register()
const { readTranscriptReply } = require(workerData.module)
parentPort.postMessage(readTranscriptReply(workerData.file, workerData.durationSeconds))
`

/** The worker's entry that the build writes beside the bundle (see transcriptWorker.ts). */
export const BUNDLED_WORKER = 'transcriptWorker.js'

/**
 * This module's own file and, when it is TypeScript (the CLI, the browser host and the tests run the
 * sources), the loader that lets a worker require it. Inside a bundle (`out/main/core.js`) it has no
 * file: the worker entry built beside the bundle is used, else (none there) null, read in place.
 */
function workerModule(): { module: string; loader: string | null } | null {
  const extension = path.extname(__filename)
  if (path.basename(__filename, extension) !== 'transcriptFile') {
    // Beside the bundle, or one folder up when this module went into a shared chunk (chunks/).
    const bundled = [__dirname, path.dirname(__dirname)]
      .map((dir) => path.join(dir, BUNDLED_WORKER))
      .find((file) => fs.existsSync(file))
    return bundled ? { module: bundled, loader: null } : null
  }
  if (extension === '.js') return { module: __filename, loader: null }
  try {
    return { module: __filename, loader: createRequire(__filename).resolve('tsx/cjs/api') }
  } catch {
    return null
  }
}

function readOnWorker(
  where: { module: string; loader: string | null },
  file: string,
  durationSeconds: number | undefined,
): Promise<ParsedTranscript> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { ...where, file, durationSeconds },
    })
    worker.once('message', (reply: WorkerReply) => {
      if (reply.ok) resolve(reply.value)
      else reject(reply.user ? new UserError(reply.code, reply.message) : new Error(reply.message))
    })
    worker.once('error', reject)
    worker.once('exit', (code) => reject(new Error(`the transcript reader stopped (exit code ${code})`)))
  })
}

/**
 * Reads and parses a transcript file without holding up the event loop for long: a large file is
 * parsed on a worker thread where this module can be loaded there, else in place.
 */
export async function readTranscriptFile(file: string, durationSeconds?: number): Promise<ParsedTranscript> {
  let size: number
  try {
    size = (await fs.promises.stat(file)).size
  } catch {
    throw new UserError('not-found', `transcript file not found: ${file}`)
  }
  const where = size > WORKER_BYTES ? workerModule() : null
  return where ? readOnWorker(where, file, durationSeconds) : readTranscriptFileSync(file, durationSeconds)
}
