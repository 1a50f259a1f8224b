import { defaultDatabasePath } from '../db/databaseLocation'
import { serveCore, type ParentChannel } from './coreService'

/**
 * The core process's entry (`out/main/core.js`). Electron starts it as a utilityProcess, which talks
 * through `process.parentPort`; Node's `child_process.fork` through IPC.
 */
interface ElectronParentPort {
  postMessage(message: unknown): void
  on(event: 'message', listener: (event: { data: unknown }) => void): void
}

function parentChannel(): ParentChannel {
  const port = (process as { parentPort?: ElectronParentPort }).parentPort
  if (port)
    return {
      send: (message) => port.postMessage(message),
      onMessage: (listener) => port.on('message', (event) => listener(event.data)),
    }
  const send = process.send?.bind(process)
  if (!send) throw new Error('the core process was started without a parent to talk to')
  return {
    send: (message) => send(message),
    onMessage: (listener) => process.on('message', listener),
  }
}

/**
 * Ends the process. A utilityProcess is a Chromium service that lives until it exits or its parent
 * lets go of it, whatever its event loop holds (electron/electron shell/services/node/node_service.cc:
 * only process.exit reaches its exit handler), so an exit code alone would leave it running. The short
 * wait lets the last message leave before the port is closed by the exit.
 */
const EXIT_AFTER_MS = 200
function exitSoon(code: number): void {
  process.exitCode = code
  setTimeout(() => process.exit(code), EXIT_AFTER_MS)
}

const database = serveCore(defaultDatabasePath(undefined), parentChannel(), {
  recovering: process.env.EPISCORE_RECOVER === '1',
  mustExist: process.env.EPISCORE_DB_MUST_EXIST === '1',
  onClosed: () => exitSoon(0),
})
// The shell reported why; it offers the editor's ways out (another database, a backup).
if (!database) exitSoon(1)
// Node's fork and POSIX kills still close cleanly; the shell itself asks with a `close` message.
else process.once('SIGTERM', () => (database.close(), process.exit(0)))
