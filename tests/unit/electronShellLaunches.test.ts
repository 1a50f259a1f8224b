import fs from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { CHANNELS } from '../../src/main/channels'
import { ElectronStandIn, FakeFrame, type FakeWindow } from '../electronStandIn'
import { tempFolder } from '../tempFolder'

/*
 * How the built shell (out/main) starts, is launched again and remembers folders, under the recording
 * stand-in for `electron` (tests/electronStandIn.ts; see electronShellWiring.test.ts): our wiring, not
 * Electron's behaviour.
 */

const ROOT = path.resolve(__dirname, '..', '..')
const MAIN = path.join(ROOT, 'out', 'main', 'index.js')

const until = async (check: () => boolean, what: string, ms = 20_000): Promise<void> => {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

const eventFrom = (window: FakeWindow) => ({
  sender: window.webContents,
  senderFrame: new FakeFrame('app://episcore/index.html'),
})

let running: ElectronStandIn | null = null
afterEach(() => {
  running?.stopCores()
  running = null
})

/**
 * Loads the built shell with the stand-in, its data folder and database in a temporary folder, and
 * waits until `loaded` holds: the core is started from the environment as it is then, which must not
 * be the test runner's own (that would be the real user's data folder).
 */
async function loadShell(
  loaded: (electron: ElectronStandIn) => boolean,
  env: Record<string, string> = {},
  prepare?: (electron: ElectronStandIn) => void,
): Promise<ElectronStandIn> {
  if (!fs.existsSync(MAIN)) throw new Error(`${MAIN} is missing: run npm run build first`)
  const electron = new ElectronStandIn(ROOT)
  prepare?.(electron)
  running = electron
  const saved = { ...process.env }
  Object.assign(
    process.env,
    { EPISCORE_DB: path.join(tempFolder(), 'shell.sqlite'), XDG_CONFIG_HOME: tempFolder() },
    env,
  )
  try {
    electron.loadMain(MAIN)
    await until(() => loaded(electron), 'the shell to start')
  } finally {
    process.env = saved
  }
  return electron
}

const startShell = (env: Record<string, string> = {}): Promise<ElectronStandIn> =>
  loadShell((e) => e.windows.length === 1 && e.forks.length === 1, env)

describe('a start with Chromium’s sandbox turned off (--no-sandbox)', () => {
  it('is refused with a box naming the .deb and the sandbox helper’s commands, before any window or core', async () => {
    const electron = await loadShell(
      (e) => e.exitCode !== null,
      {},
      (e) => e.switches.add('no-sandbox'),
    )
    expect(electron.exitCode).toBe(1)
    expect(electron.windows).toEqual([])
    expect(electron.forks).toEqual([])
    const [box] = electron.errorBoxes
    expect(box).toContain('--no-sandbox')
    expect(box).toContain('.deb')
    const helper = path.join(path.dirname(process.execPath), 'chrome-sandbox')
    expect(box).toContain(`sudo chown root:root ${helper} && sudo chmod 4755 ${helper}`)
  })
})

describe('the folders the export and save dialogs open in', () => {
  it('opens the web page’s folder dialog beside the last export folder, and Save dialogs where a file was last saved', async () => {
    const electron = await startShell()
    const win = electron.window as FakeWindow
    const saved = tempFolder()
    electron.chosenSaveFile = path.join(saved, 'episode.json')
    expect(await electron.ipc.get(CHANNELS.saveText)?.(eventFrom(win), 'episode.json', '{}')).toBe(true)

    const sites = tempFolder()
    const exported = path.join(sites, 'episode-12')
    fs.mkdirSync(exported)
    electron.chosenFile = exported
    expect(await electron.ipc.get(CHANNELS.chooseFolder)?.(eventFrom(win))).toMatchObject({
      name: 'episode-12',
    })
    // The next export's dialog shows the folder holding the last one, where a new folder is made.
    await electron.ipc.get(CHANNELS.chooseFolder)?.(eventFrom(win))
    expect(electron.openDialogs.at(-1)?.defaultPath).toBe(sites)
    // A Save dialog never opens inside an export folder (a file saved there would block its next export).
    electron.chosenSaveFile = null
    await electron.ipc.get(CHANNELS.saveText)?.(eventFrom(win), 'scores.csv', 'a,b')
    expect(electron.saveDialogs.at(-1)?.defaultPath).toBe(path.join(saved, 'scores.csv'))
  }, 60_000)
})

describe('Restore a Backup… after the database was moved away', () => {
  it('lists the backups and never makes an empty database at the old path', async () => {
    const database = path.join(tempFolder(), 'moved.sqlite')
    const electron = await startShell({ EPISCORE_DB: database })
    const win = electron.window as FakeWindow
    const call = (method: string, request: unknown) =>
      electron.ipc.get(CHANNELS.call)?.(eventFrom(win), method, request, null) as Promise<{
        ok: boolean
        error?: { code: string; message: string }
      }>
    expect((await call('reviewer.set', { name: 'Ada' })).ok).toBe(true)
    fs.renameSync(database, `${database}.moved`)
    for (const side of ['-wal', '-shm']) fs.rmSync(`${database}${side}`, { force: true })
    // The editor will choose Restore a Backup… when told the database is gone.
    electron.messageBoxAnswer = 0
    electron.forks.at(-1)?.child.kill('SIGKILL')
    await until(() => electron.forks.length === 3, 'the core started to recover')
    expect(electron.messageBoxes[0]?.detail).toContain('is not there any more')
    expect(electron.forks[2]?.options.env?.EPISCORE_RECOVER).toBe('1')
    const list = await call('episodes.list', {})
    expect(list.error?.code).toBe('corrupt-database')
    expect(list.error?.message).toContain('is not there any more')
    expect((await call('backups.list', {})).ok).toBe(true)
    expect(fs.existsSync(database)).toBe(false)
  }, 60_000)
})

describe('a second launch', () => {
  it('hands the running app the database it names, made absolute where it was typed', async () => {
    const electron = await startShell()
    expect(electron.singleInstanceData).toEqual({ database: null })
  })

  it('naming another database is told which one the running app has open, and may quit to open it', async () => {
    const database = path.join(tempFolder(), 'open.sqlite')
    const electron = await startShell({ EPISCORE_DB: database })
    const windows = electron.windows.length
    // The same database: brought forward, nothing to say.
    electron.app.emit('second-instance', {}, [], ROOT, { database })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(electron.messageBoxes).toEqual([])

    const other = path.join(tempFolder(), 'other.sqlite')
    electron.messageBoxAnswer = 1
    electron.app.emit('second-instance', {}, ['episcore', '--db', other], ROOT, { database: other })
    await until(() => electron.quits === 1, 'the quit chosen')
    const [box] = electron.messageBoxes
    expect(box?.message).toBe('Episcore already has another database open')
    expect(box?.detail).toContain(database)
    expect(box?.detail).toContain(other)
    expect(box?.buttons).toEqual(['Keep This One', 'Quit and Open other.sqlite'])
    expect(electron.relaunches).toHaveLength(1)
    expect(electron.relaunches[0]?.args?.filter((a) => a.startsWith('--db'))).toEqual([`--db=${other}`])
    expect(electron.windows.length).toBe(windows)
  }, 60_000)

  it('made while the app quits starts the app again after the quit, instead of a window that closes with it', async () => {
    const electron = await startShell()
    const win = electron.window as FakeWindow
    electron.app.emit('before-quit')
    win.destroy()
    const other = path.join(tempFolder(), 'later.sqlite')
    electron.app.emit('second-instance', {}, [], ROOT, { database: other })
    electron.app.emit('second-instance', {}, [], ROOT, { database: null })
    expect(electron.windows.filter((w) => !w.destroyed)).toEqual([])
    // Once: two launches while quitting are one start again, not two.
    expect(electron.relaunches).toHaveLength(1)
    expect(electron.relaunches[0]?.args?.filter((a) => a.startsWith('--db'))).toEqual([`--db=${other}`])
    expect(electron.messageBoxes).toEqual([])
  }, 60_000)
})
