import { Worker } from 'node:worker_threads'
import type { RestoreOutcome } from '../../shared/contract'
import type { ErrorCode } from '../../shared/result'
import { UserError } from '../errors'
import { workerModule } from '../worker/workerModule'
import { restoreBackup, whileRestoring } from './backups'

/** What the worker calls: this module is what it loads where the sources run (see workerModule). */
export { restoreBackup }

/** What the worker posts: progress as it goes, then the outcome or why it failed. */
type WorkerMessage =
  | { progress: number }
  | { outcome: RestoreOutcome }
  | { failed: { user: boolean; code: ErrorCode; message: string } }

/** The worker's entry that the builds write beside their bundles (see backupRestoreWorker.ts). */
export const BUNDLED_RESTORE_WORKER = 'backupRestoreWorker.js'

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
if (workerData.loader) require(workerData.loader).register()
const { restoreBackup } = require(workerData.module)
restoreBackup(workerData.file, workerData.backup, { progress: (progress) => parentPort.postMessage({ progress }) }).then(
  (outcome) => parentPort.postMessage({ outcome }),
  (error) => {
    const user = error && error.name === 'UserError'
    parentPort.postMessage({ failed: { user, code: user ? error.code : 'internal', message: String(error && error.message) } })
  },
)
`

/**
 * restoreBackup on a worker thread of its own, so that the process goes on answering the other windows
 * (a library of 311 MB took 66 s, every second of it silence when restored in place): `progress` is
 * told how far it is. A thread per restore: restores are rare, and the thread ends with it. Where no
 * worker can load the code, the restore runs in place (its page copy still yields between steps).
 */
export function restoreBackupOffThread(
  file: string,
  backup: string,
  progress: (fraction: number) => void,
): Promise<RestoreOutcome> {
  const where = workerModule(__filename, 'restoreOffThread', BUNDLED_RESTORE_WORKER)
  if (!where) return restoreBackup(file, backup, { progress })
  return whileRestoring(
    () =>
      new Promise<RestoreOutcome>((resolve, reject) => {
        const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { ...where, file, backup } })
        let settled = false
        worker.on('message', (message: WorkerMessage) => {
          if ('progress' in message) return progress(message.progress)
          settled = true
          if ('outcome' in message) return resolve(message.outcome)
          const { user, code, message: text } = message.failed
          reject(user ? new UserError(code, text) : new Error(text))
        })
        worker.once('error', (error) => {
          settled = true
          reject(error)
        })
        worker.once('exit', (code) => {
          if (!settled) reject(new Error(`the restore's thread stopped (exit code ${code})`))
        })
      }),
  )
}
