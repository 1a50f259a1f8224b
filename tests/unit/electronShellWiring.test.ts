import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appDataFolder } from '../../src/core/db/databaseLocation'
import { CHANNELS } from '../../src/main/channels'
import { coreEnvironment, databaseArgument } from '../../src/main/coreEnvironment'
import { ElectronStandIn, FakeFrame, type FakeWindow } from '../electronStandIn'
import { speechMp3 } from '../generateMedia'
import { tempFolder } from '../tempFolder'

/*
 * The built Electron shell (out/main) loaded under Node with a recording stand-in for `electron`
 * (tests/electronStandIn.ts). This proves our wiring: what the shell registers, answers, sends and lets
 * go of. It does not prove Electron's behaviour, which only the `_electron` e2e test can, on a machine
 * with the binary.
 */

const ROOT = path.resolve(__dirname, '..', '..')
const MAIN = path.join(ROOT, 'out', 'main', 'index.js')
const PRELOAD = path.join(ROOT, 'out', 'preload', 'index.js')

const until = async (check: () => boolean, what: string, ms = 20_000): Promise<void> => {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/** An IPC event as Electron would give it for a frame of `window` at `url`. */
const eventFrom = (
  window: FakeWindow,
  url = 'app://episcore/index.html',
  parent: FakeFrame | null = null,
) => ({
  sender: window.webContents,
  senderFrame: new FakeFrame(url, parent),
})

/** Starts the built shell with the stand-in, the data folder and database in a temporary folder. */
async function startShell(options: {
  packaged: boolean
  env?: Record<string, string>
}): Promise<ElectronStandIn> {
  if (!fs.existsSync(MAIN)) throw new Error(`${MAIN} is missing: run npm run build first`)
  const electron = new ElectronStandIn(ROOT)
  electron.packaged = options.packaged
  const saved = { ...process.env }
  Object.assign(process.env, { EPISCORE_DB: path.join(tempFolder(), 'shell.sqlite') }, options.env)
  try {
    electron.loadMain(MAIN)
    await until(() => electron.windows.length === 1 && electron.forks.length === 1, 'the window and the core')
  } finally {
    process.env = saved
  }
  return electron
}

describe('the Electron shell as built, loaded with a stand-in for electron', () => {
  let electron: ElectronStandIn
  let win: FakeWindow
  const call = (method: string, request: unknown) =>
    electron.ipc.get(CHANNELS.call)?.(eventFrom(win), method, request, null) as Promise<{
      ok: boolean
      value?: unknown
      error?: { message: string }
    }>

  beforeAll(async () => {
    electron = await startShell({ packaged: false })
    win = electron.window as FakeWindow
  }, 60_000)
  afterAll(() => electron?.stopCores())

  it('registers both schemes before the app is ready, the media scheme CORS-enabled and streamed', () => {
    const byName = Object.fromEntries(electron.schemes.map((s) => [s.scheme, s]))
    expect(byName['episcore-media']).toEqual({
      scheme: 'episcore-media',
      privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true, stream: true },
      beforeReady: true,
    })
    expect(byName.app?.privileges).toMatchObject({ standard: true, secure: true })
    expect(byName.app?.beforeReady).toBe(true)
    expect([...electron.protocols.keys()].sort()).toEqual(['app', 'episcore-media'])
  })

  it('is named Episcore and keeps its data in the folder the CLI and the host use', () => {
    expect(electron.name).toBe('Episcore')
    expect(electron.paths.get('userData')).toBe(appDataFolder())
    expect(path.basename(appDataFolder())).toBe('episcore')
  })

  it('opens one sandboxed window on the app:// page, with the built preload and the app icon', () => {
    expect(win.url).toBe('app://episcore/index.html')
    expect(win.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      devTools: true,
    })
    expect(fs.existsSync(String(win.options.webPreferences?.preload))).toBe(true)
    expect(fs.existsSync(String(win.options.icon))).toBe(true)
  })

  it('serves the page from app:// with the CSP as a header, and nothing outside the renderer', async () => {
    const answer = electron.protocols.get('app')
    const page = await answer?.(new Request('app://episcore/index.html'))
    expect(page?.status).toBe(200)
    expect(page?.headers.get('content-type')).toContain('text/html')
    const csp = page?.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain("connect-src 'self' episcore-media:")
    expect(csp).toContain("media-src 'self' episcore-media:")
    const html = (await page?.text()) ?? ''
    expect(html).toContain('<div id="root">')
    for (const escape of ['app://episcore/../../package.json', 'app://episcore/%2e%2e/%2e%2e/package.json']) {
      const answered = await answer?.(new Request(escape))
      expect(await answered?.text(), escape).toBe(html)
    }
  })

  it('handles exactly the channels the preload invokes, and the preload listens on the menu channel', () => {
    const preload = fs.readFileSync(PRELOAD, 'utf8')
    const invoked = [...preload.matchAll(/"(episcore:[a-z-]+)"/g)].map((m) => m[1])
    expect(new Set(invoked)).toEqual(new Set(Object.values(CHANNELS)))
    expect([...electron.ipc.keys()].sort()).toEqual(
      Object.values(CHANNELS)
        .filter((c) => c !== CHANNELS.menuCommand)
        .sort(),
    )
  })

  it('relays the contract to the core process and back', async () => {
    expect(electron.forks[0]?.modulePath).toBe(path.join(ROOT, 'out', 'main', 'core.js'))
    expect(await call('episodes.list', {})).toEqual({ ok: true, value: [] })
    const refused = await call('episodes.open', { id: 'no-such-episode' })
    expect(refused.ok).toBe(false)
  })

  it('takes calls only from our page’s main frame', async () => {
    const handler = electron.ipc.get(CHANNELS.call)
    const strangers = [
      eventFrom(win, 'app://episcore/index.html', new FakeFrame('app://episcore/index.html')),
      eventFrom(win, 'file:///tmp/evil.html'),
      eventFrom(win, 'https://evil.example/'),
      { sender: {}, senderFrame: new FakeFrame('app://episcore/index.html') },
      { sender: win.webContents, senderFrame: null },
    ]
    for (const event of strangers)
      expect(await handler?.(event, 'episodes.list', {}, null)).toEqual({
        ok: false,
        error: { code: 'invalid-request', message: 'refused' },
      })
    expect(await electron.ipc.get(CHANNELS.chooseFile)?.(strangers[0], 'media')).toBeNull()
  })

  it('streams an episode’s media with byte ranges and its peaks to the app’s origin (CORS)', async () => {
    const media = speechMp3(3)
    electron.chosenFile = media
    const chosen = (await electron.ipc.get(CHANNELS.chooseFile)?.(eventFrom(win), 'media')) as {
      ref: string
      name: string
    }
    expect(chosen.name).toBe(path.basename(media))
    expect(chosen.ref).not.toContain(path.sep)
    const created = await call('episodes.create', { media: chosen.ref, title: 'Shell wiring' })
    expect(created.ok).toBe(true)
    const id = (created.value as { id: string }).id
    const size = fs.statSync(media).size
    const answer = electron.protocols.get('episcore-media')
    const fetchMedia = (range?: string) =>
      answer?.(
        new Request(`episcore-media://media/${encodeURIComponent(id)}`, {
          headers: { origin: 'app://episcore', ...(range && { range }) },
        }),
      ) as Promise<Response>

    const part = await fetchMedia('bytes=0-99')
    expect(part.status).toBe(206)
    expect(part.headers.get('content-range')).toBe(`bytes 0-99/${size}`)
    expect(part.headers.get('access-control-allow-origin')).toBe('app://episcore')
    expect((await part.arrayBuffer()).byteLength).toBe(100)
    const whole = await fetchMedia()
    expect(whole.status).toBe(200)
    expect(Buffer.from(await whole.arrayBuffer()).equals(fs.readFileSync(media))).toBe(true)
    const past = await fetchMedia(`bytes=${size}-`)
    expect(past.status).toBe(416)
    expect(past.headers.get('content-range')).toBe(`bytes */${size}`)

    const peaks = (await answer?.(
      new Request(`episcore-media://peaks/${encodeURIComponent(id)}?level=overview`, {
        headers: { origin: 'app://episcore' },
      }),
    )) as Response
    expect(peaks.status).toBe(200)
    expect(peaks.headers.get('access-control-allow-origin')).toBe('app://episcore')
    expect((await peaks.arrayBuffer()).byteLength).toBeGreaterThan(20)
    const preflight = (await answer?.(
      new Request(`episcore-media://peaks/${encodeURIComponent(id)}`, { method: 'OPTIONS' }),
    )) as Response
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('app://episcore')

    const unknown = (await answer?.(new Request('episcore-media://media/no-such-episode'))) as Response
    expect(unknown.status).toBe(404)
  }, 60_000)

  it('starts the core again when it dies, with the saved work in place', async () => {
    const before = electron.forks.length
    electron.forks.at(-1)?.child.kill('SIGKILL')
    await until(() => electron.forks.length === before + 1, 'a new core process')
    const list = await call('episodes.list', {})
    expect(list.ok).toBe(true)
    expect((list.value as { title: string }[]).map((e) => e.title)).toEqual(['Shell wiring'])
    expect(electron.errorBoxes).toEqual([])
  }, 30_000)

  it('builds the menu with the platform’s accelerators and sends each command with how it was chosen', () => {
    const items = electron.menuItems()
    expect(items.get('New Episode from Media…')?.accelerator).toBe('CmdOrCtrl+N')
    expect(items.get('Undo')?.accelerator).toBe('CmdOrCtrl+Z')
    const roles = [...(electron.menu ?? [])].flatMap((m) => (m.submenu ?? []).map((i) => i.role))
    expect(roles).toContain('toggleDevTools')
    items.get('Export Episode JSON…')?.click?.({}, win, { triggeredByAccelerator: true })
    items.get('Undo')?.click?.({}, win, {})
    expect(win.webContents.sent.slice(-2)).toEqual([
      [CHANNELS.menuCommand, 'file.export', true],
      [CHANNELS.menuCommand, 'edit.undo', false],
    ])
  })

  it('lets go of each closed window, reopens one on activate or a second launch, and quits the core', async () => {
    const undo = electron.menuItems().get('Undo')
    win.close()
    // With no window, a menu command has nowhere to go and must not reach a destroyed one.
    expect(() => undo?.click?.({}, null, {})).not.toThrow()
    electron.app.emit('activate')
    const reopened = electron.window as FakeWindow
    expect(reopened).not.toBe(win)
    expect(reopened.url).toBe('app://episcore/index.html')
    reopened.close()
    expect(() => undo?.click?.({}, null, {})).not.toThrow()
    electron.app.emit('second-instance')
    const third = electron.window as FakeWindow
    expect(electron.windows.filter((w) => !w.destroyed)).toEqual([third])
    undo?.click?.({}, third, {})
    expect(third.webContents.sent).toEqual([[CHANNELS.menuCommand, 'edit.undo', false]])
    // A second launch with the window open brings it forward instead of opening another.
    electron.app.emit('second-instance')
    expect(electron.windows.filter((w) => !w.destroyed)).toEqual([third])
    expect(third.focused).toBe(1)
    win = third
    expect((await call('episodes.list', {})).ok).toBe(true)

    const core = electron.forks.at(-1)?.child
    electron.app.emit('will-quit')
    await until(() => core?.exitCode !== null || core?.signalCode !== null, 'the core to end')
  }, 30_000)
})

describe('the packaged shell', () => {
  let electron: ElectronStandIn
  beforeAll(async () => {
    electron = await startShell({
      packaged: true,
      env: { EPISCORE_FFMPEG: '/tmp/other-ffmpeg', EPISCORE_FFPROBE: '/tmp/other-ffprobe' },
    })
  }, 60_000)
  afterAll(() => electron?.stopCores())

  it('has no developer tools or reload, and ignores the development-only tool overrides', () => {
    expect(electron.window?.options.webPreferences?.devTools).toBe(false)
    const roles = [...(electron.menu ?? [])].flatMap((m) => (m.submenu ?? []).map((i) => i.role))
    expect(roles).not.toContain('toggleDevTools')
    expect(roles).not.toContain('reload')
    expect(roles).toContain('togglefullscreen')
    const env = electron.forks[0]?.options.env ?? {}
    expect(env.EPISCORE_FFMPEG).toBeUndefined()
    expect(env.EPISCORE_FFPROBE).toBeUndefined()
    expect(env.EPISCORE_DB).toMatch(/shell\.sqlite$/)
  })
})

describe('the core process’s environment', () => {
  it('takes the database from --db on the command line, in either spelling', () => {
    expect(databaseArgument(['electron', '.', '--db', 'a.sqlite'])).toBe('a.sqlite')
    expect(databaseArgument(['episcore', '--db=b.sqlite'])).toBe('b.sqlite')
    expect(databaseArgument(['episcore'])).toBeUndefined()
    const env = coreEnvironment(
      { EPISCORE_FFMPEG: 'x', PATH: '/bin' },
      { packaged: false, databaseFile: 'a.sqlite' },
    )
    expect(env).toEqual({ EPISCORE_FFMPEG: 'x', PATH: '/bin', EPISCORE_DB: path.resolve('a.sqlite') })
  })
})
