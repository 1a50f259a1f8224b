import { test as base } from '@playwright/test'
import path from 'node:path'
import { startHost, type RunningHost } from '../../src/host/startHost'
import { tempFolder } from '../tempFolder'

export const RENDERER_DIR = path.resolve(__dirname, '..', '..', 'out', 'renderer')

export interface HostHandle {
  host: RunningHost
  databaseFile: string
  /** Stops the host and starts a new one on the same database, as a restart of the app would. */
  restart(): Promise<RunningHost>
}

/** Each test gets its own database and browser host, started in this process on a free port. */
export const test = base.extend<{ served: HostHandle }>({
  // Playwright reads the fixture list from this first argument; this fixture needs none.
  // eslint-disable-next-line no-empty-pattern
  served: async ({}, use) => {
    const databaseFile = path.join(tempFolder('episcore-e2e-'), 'episcore.sqlite')
    const handle: HostHandle = {
      host: await startHost({ databaseFile, rendererDir: RENDERER_DIR }),
      databaseFile,
      restart: async () => {
        await handle.host.close()
        handle.host = await startHost({ databaseFile, rendererDir: RENDERER_DIR })
        return handle.host
      },
    }
    await use(handle)
    await handle.host.close()
  },
})

export { expect } from '@playwright/test'
