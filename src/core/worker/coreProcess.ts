import { defaultDatabasePath } from '../db/databaseLocation'
import { serveCore, type ParentChannel } from './coreService'

/**
 * The core process's entry (`out/main/core.js`). Electron starts it as a utilityProcess, which talks
 * through `process.parentPort`; Node's `child_process.fork` (the shell's wiring test) through IPC.
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

const database = serveCore(defaultDatabasePath(undefined), parentChannel())
if (!database) process.exitCode = 1
else process.once('SIGTERM', () => (database.close(), process.exit(0)))
