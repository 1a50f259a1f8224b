/**
 * The restore's entry in the bundles (`out/main/backupRestoreWorker.js` beside the app's `core.js`,
 * `out/cli/backupRestoreWorker.js` beside the command line's, which serves the browser mode): inside a
 * bundle backups.ts has no file of its own for a worker thread to load (see restoreOffThread.ts).
 */
export { restoreBackup } from './backups'
