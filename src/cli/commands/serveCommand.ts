import path from 'node:path'
import { defaultDatabasePath } from '../../core/service/localService'
import { str } from '../commandArguments'
import { UsageError, type RunCommand } from '../usage'

/** `serve [--port N] [--renderer DIR]`: the browser host on 127.0.0.1 until SIGINT or SIGTERM. */
export const serveCommand: RunCommand = async (parseCommand, dbPath, io) => {
  const { values } = parseCommand({ port: { type: 'string' }, renderer: { type: 'string' } })
  const port = values.port === undefined ? 0 : Number(values.port)
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError('--port must be 0-65535')
  // Loaded only to serve: the host's HTTP and WebSocket modules would slow every other command's start.
  const { startHost } = await import('../../host/startHost')
  const host = await startHost({
    databaseFile: defaultDatabasePath(dbPath()),
    // The command line runs bundled in out/cli (the bundle's __dirname): the app's page is in out/renderer.
    rendererDir: str(values.renderer) ?? path.resolve(__dirname, '..', '..', 'out', 'renderer'),
    port,
  })
  io.out(`Episcore is at ${host.url}`)
  await new Promise<void>((resolve) => {
    const stop = (): void => void host.close().then(resolve)
    process.once('SIGINT', stop)
    process.once('SIGTERM', stop)
  })
  return 0
}
