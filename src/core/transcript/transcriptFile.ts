import fs from 'node:fs'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import type { ErrorCode } from '../../shared/result'
import { MAX_TRANSCRIPT_BYTES } from '../../shared/fileKinds'
import { UserError } from '../errors'
import { workerModule, type WorkerModule } from '../worker/workerModule'
import { regularFileSize, regularFileSizeSync, type FileToRead } from '../files/regularFile'
import { parseTranscript } from './parseTranscript'
import { checkTranscriptLimits } from './transcriptLimits'
import type { ParsedTranscript } from './parsedTranscript'

/**
 * Past this size a transcript is read on a worker thread: a 50 MB file takes seconds to parse even in
 * linear time, and the host must go on answering other calls meanwhile. Smaller files are read in
 * place, where a worker's start would cost more than the parse.
 */
export const WORKER_BYTES = 512 * 1024

/** What a transcript file may be: a regular file of at most 50 MB. */
export const transcriptFileRules = (name: string): FileToRead => ({
  missing: 'transcript file not found',
  maxBytes: MAX_TRANSCRIPT_BYTES,
  tooBig: () => `${name}: a transcript over 50 MB is refused`,
})

export function readTranscriptFileSync(file: string, durationSeconds?: number): ParsedTranscript {
  regularFileSizeSync(file, transcriptFileRules(path.basename(file)))
  let content: Buffer
  try {
    content = fs.readFileSync(file)
  } catch (error) {
    throw new UserError('invalid-input', `cannot read ${file}: ${(error as Error).message}`)
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

function readOnWorker(
  where: WorkerModule,
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
  const size = await regularFileSize(file, transcriptFileRules(path.basename(file)))
  const where = size > WORKER_BYTES ? workerModule(__filename, 'transcriptFile', BUNDLED_WORKER) : null
  return where ? readOnWorker(where, file, durationSeconds) : readTranscriptFileSync(file, durationSeconds)
}
