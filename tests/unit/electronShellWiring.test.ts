import { fork, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import Module from 'node:module'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { agreement } from '../../src/core/agreement/agreement'
import { appDataFolder } from '../../src/core/db/databaseLocation'
import { openDatabase, type Db } from '../../src/core/db/openDatabase'
import { CHANNELS } from '../../src/main/channels'
import { CLOSE_WAIT_MS } from '../../src/main/coreClient'
import type { AgreementDetail } from '../../src/shared/agreement'
import type { EpisodeView } from '../../src/shared/contract'
import { VIEW_MARK } from '../../src/shared/viewDelta'
import { coreEnvironment, databaseArgument } from '../../src/main/coreEnvironment'
import { analysesOnScale } from '../analysesOnScale'
import { ElectronStandIn, FakeFrame, PARENT_PORT_STAND_IN, type FakeWindow } from '../electronStandIn'
import { speechMp3 } from '../generateMedia'
import { machineEpisode } from '../machineEpisode'
import { tempFolder } from '../tempFolder'

/*
 * The built Electron shell (out/main) loaded under Node with a recording stand-in for `electron`
 * (tests/electronStandIn.ts). This proves our wiring: what the shell registers, answers, sends and lets
 * go of. It does not prove Electron's behaviour, which only the `_electron` e2e test can, on a machine
 * with the binary. The core runs as a real process with a stand-in for Electron's parentPort
 * (tests/parentPortStandIn.cjs): messages as `{ data }`, and a process that lives until it exits.
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

/** The episode view in a reply to a window that names no view yet (whole, under the view mark). */
const viewOf = (reply: { value?: unknown }): EpisodeView =>
  (reply.value as Record<string, { view: EpisodeView }>)[VIEW_MARK]?.view as EpisodeView

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
  Object.assign(
    process.env,
    { EPISCORE_DB: path.join(tempFolder(), 'shell.sqlite'), XDG_CONFIG_HOME: tempFolder() },
    options.env,
  )
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
    // What the page's preload does once its menu listener is in place.
    await electron.ipc.get(CHANNELS.menuReady)?.(eventFrom(win))
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
    const userData = electron.paths.get('userData') ?? ''
    expect(userData).toBe(appDataFolder({ XDG_CONFIG_HOME: path.dirname(userData) }))
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
    // The two the main process sends rather than handles.
    const sent: string[] = [CHANNELS.menuCommand, CHANNELS.commitPending]
    expect([...electron.ipc.keys()].sort()).toEqual(
      Object.values(CHANNELS)
        .filter((c) => !sent.includes(c))
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

  let episodeId = ''
  let media = ''
  const fetchMedia = (range?: string) =>
    electron.protocols.get('episcore-media')?.(
      new Request(`episcore-media://media/${encodeURIComponent(episodeId)}`, {
        headers: { origin: 'app://episcore', ...(range && { range }) },
      }),
    ) as Promise<Response>

  it('streams an episode’s media with byte ranges and its peaks to the app’s origin (CORS)', async () => {
    // A copy of its own: later tests replace it on disk.
    media = path.join(tempFolder(), 'wiring.mp3')
    fs.copyFileSync(speechMp3(3), media)
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
    episodeId = id
    const size = fs.statSync(media).size
    const answer = electron.protocols.get('episcore-media')

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

  it('exports the web page into a folder chosen in the native dialog, through a handle good only for writing', async () => {
    const folder = path.join(tempFolder(), 'published')
    fs.mkdirSync(folder)
    electron.chosenFile = folder
    const chosen = (await electron.ipc.get(CHANNELS.chooseFolder)?.(eventFrom(win))) as {
      ref: string
      name: string
    }
    expect(electron.openDialogs.at(-1)?.title).toBe('Folder for the web page')
    expect(chosen.name).toBe('published')
    expect(chosen.ref).toMatch(/^out-[0-9a-f]{32}$/)
    const site = await call('episodes.exportSite', { id: episodeId, folder: chosen.ref })
    expect(site.ok).toBe(true)
    expect(fs.readdirSync(folder)).toEqual(
      expect.arrayContaining(['index.html', 'media.mp3', 'episode.json']),
    )
    // A handle to write is never one to read: it cannot be given as media.
    const asMedia = await call('episodes.relinkMedia', { id: episodeId, media: chosen.ref })
    expect(asMedia.ok).toBe(false)
  }, 60_000)

  it('saves a file through the symbolic link chosen in the Save dialog, keeping its target’s mode', async () => {
    const folder = tempFolder()
    const target = path.join(folder, 'ep42.json')
    const link = path.join(folder, 'latest.json')
    fs.writeFileSync(target, 'the old text', { mode: 0o600 })
    fs.chmodSync(target, 0o600)
    fs.symlinkSync('ep42.json', link)
    electron.chosenSaveFile = link
    try {
      expect(
        await electron.ipc.get(CHANNELS.saveText)?.(eventFrom(win), 'episode.json', 'the new text'),
      ).toBe(true)
    } finally {
      electron.chosenSaveFile = null
    }
    expect(fs.lstatSync(link).isSymbolicLink()).toBe(true)
    expect(fs.readFileSync(target, 'utf8')).toBe('the new text')
    expect(fs.statSync(target).mode & 0o777).toBe(0o600)
    expect(fs.readdirSync(folder).sort()).toEqual(['ep42.json', 'latest.json'])
  })

  it('answers each range request from the media it keeps, with a stat and no round trip to the core', async () => {
    expect((await fetchMedia('bytes=0-9')).status).toBe(206)
    const core = electron.forks.at(-1)?.child as ChildProcess
    // A core held up by long work (here: stopped outright) does not hold up playback.
    core.kill('SIGSTOP')
    try {
      const started = Date.now()
      const part = await fetchMedia('bytes=100-199')
      expect(part.status).toBe(206)
      expect(Buffer.from(await part.arrayBuffer()).equals(fs.readFileSync(media).subarray(100, 200))).toBe(
        true,
      )
      expect(Date.now() - started).toBeLessThan(2000)
    } finally {
      core.kill('SIGCONT')
    }
  })

  it('stops serving media replaced on disk, shows it changed, and plays it again once the content is back', async () => {
    const original = fs.readFileSync(media)
    const other = Buffer.from(original)
    const middle = other.length >> 1
    other.writeUInt8(other.readUInt8(middle) ^ 0xff, middle)
    fs.writeFileSync(media, other)
    // Same size, later time: only the content tells, so the core hashes it again.
    fs.utimesSync(media, new Date(), new Date(Date.now() + 5000))
    const refused = await fetchMedia('bytes=0-99')
    expect(refused.status).toBe(409)
    expect(await refused.text()).toContain('replaced on disk')
    expect(viewOf(await call('episodes.open', { id: episodeId })).media?.changed).toBe(true)

    fs.writeFileSync(media, original)
    const resumed = await fetchMedia('bytes=0-99')
    expect(resumed.status).toBe(206)
    expect(Buffer.from(await resumed.arrayBuffer()).equals(original.subarray(0, 100))).toBe(true)
    expect(viewOf(await call('episodes.open', { id: episodeId })).media?.changed).toBe(false)
  }, 30_000)

  it('opens each kind of file’s dialog in the folder last chosen from', async () => {
    electron.chosenFile = media
    await electron.ipc.get(CHANNELS.chooseFile)?.(eventFrom(win), 'media')
    expect(electron.openDialogs.at(-1)?.defaultPath).toBe(path.dirname(media))
    // Another kind has a folder of its own (none chosen yet).
    electron.chosenFile = null
    await electron.ipc.get(CHANNELS.chooseFile)?.(eventFrom(win), 'transcript')
    expect(electron.openDialogs.at(-1)?.defaultPath).toBeUndefined()
  })

  it('keeps the handles of files chosen before the core restarts', async () => {
    electron.chosenFile = media
    const chosen = (await electron.ipc.get(CHANNELS.chooseFile)?.(eventFrom(win), 'media')) as { ref: string }
    const before = electron.forks.length
    electron.forks.at(-1)?.child.kill('SIGKILL')
    await until(() => electron.forks.length === before + 1, 'a new core process')
    const relinked = await call('episodes.relinkMedia', { id: episodeId, media: chosen.ref })
    expect(relinked.error?.message).toBeUndefined()
    expect((relinked.value as { sameContent: boolean }).sameContent).toBe(true)
  }, 30_000)

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

  it('commits a field’s typed text before its window closes, and closes anyway when the page does not answer', async () => {
    win.close()
    // Held open until the page says its pending text is committed.
    expect(win.destroyed).toBe(false)
    expect(win.webContents.sent.at(-1)).toEqual([CHANNELS.commitPending])
    // What the page does then (src/renderer/src/pendingText.ts): the field's edit, as its blur would.
    const typed = await call('episodes.update', { id: episodeId, patch: { title: 'Typed, then closed' } })
    expect(typed.ok).toBe(true)
    await electron.ipc.get(CHANNELS.pendingCommitted)?.(eventFrom(win))
    expect(win.destroyed).toBe(true)
    electron.app.emit('activate')
    win = electron.window as FakeWindow
    const list = await call('episodes.list', {})
    expect((list.value as { title: string }[]).map((e) => e.title)).toEqual(['Typed, then closed'])

    // A page that never answers (hung, or not loaded) does not keep the window open for long.
    const silent = win
    silent.close()
    expect(silent.destroyed).toBe(false)
    await until(() => silent.destroyed, 'the window to close without an answer', 5000)
  }, 30_000)

  it('reopens the window for a menu command chosen with none open, and runs it once the page listens', async () => {
    const undo = electron.menuItems().get('Undo')
    expect(electron.window).toBeUndefined()
    undo?.click?.({}, null, {})
    const reopened = electron.window as FakeWindow
    expect(reopened.url).toBe('app://episcore/index.html')
    // Not sent before the page listens; then sent, once.
    expect(reopened.webContents.sent).toEqual([])
    await electron.ipc.get(CHANNELS.menuReady)?.(eventFrom(reopened))
    expect(reopened.webContents.sent).toEqual([[CHANNELS.menuCommand, 'edit.undo', false]])
    undo?.click?.({}, reopened, {})
    expect(reopened.webContents.sent.at(-1)).toEqual([CHANNELS.menuCommand, 'edit.undo', false])
    win = reopened
  })

  it('brings the window forward on activate or a second launch instead of opening another', async () => {
    electron.app.emit('second-instance')
    expect(electron.windows.filter((w) => !w.destroyed)).toEqual([win])
    electron.app.emit('activate')
    expect(electron.windows.filter((w) => !w.destroyed)).toEqual([win])
    expect(win.focused).toBe(2)
    expect((await call('episodes.list', {})).ok).toBe(true)
  })

  it('quits by asking the core to close its database, waiting for it, not by killing it', async () => {
    const core = electron.forks.at(-1)?.child as ChildProcess
    const database = String(electron.forks.at(-1)?.options.env?.EPISCORE_DB)
    let prevented = 0
    const quitsBefore = electron.quits
    electron.app.emit('will-quit', { preventDefault: () => prevented++ })
    expect(prevented).toBe(1)
    await until(() => core.exitCode !== null || core.signalCode !== null, 'the core to end')
    expect({ code: core.exitCode, signal: core.signalCode }).toEqual({ code: 0, signal: null })
    // Closed, not killed: SQLite folded its write-ahead log into the database and removed it.
    expect(fs.existsSync(`${database}-wal`)).toBe(false)
    await until(() => electron.quits === quitsBefore + 1, 'the quit to go on')
    // The quit asked again goes through.
    electron.app.emit('will-quit', { preventDefault: () => prevented++ })
    expect(prevented).toBe(1)
  }, 30_000)
})

describe('a quit while the core does not answer', () => {
  let electron: ElectronStandIn
  afterAll(() => electron?.stopCores())

  it('asks the core to close, waits for it (bounded), then ends it and quits', async () => {
    electron = await startShell({
      packaged: false,
      env: { EPISCORE_DB: path.join(tempFolder(), 'stuck.sqlite') },
    })
    const forked = electron.forks.at(-1)
    const core = forked?.child as ChildProcess
    const win = electron.window as FakeWindow
    const answered = (await electron.ipc.get(CHANNELS.call)?.(eventFrom(win), 'episodes.list', {}, null)) as {
      ok: boolean
    }
    expect(answered.ok).toBe(true)
    // Held in a long synchronous job, as far as the shell can tell: it answers nothing.
    core.kill('SIGSTOP')
    const quitsBefore = electron.quits
    const asked = Date.now()
    let prevented = 0
    electron.app.emit('will-quit', { preventDefault: () => prevented++ })
    expect(prevented).toBe(1)
    await until(() => electron.quits === quitsBefore + 1, 'the quit to go on', CLOSE_WAIT_MS + 5000)
    expect(forked?.kills).toBe(1)
    expect(Date.now() - asked).toBeGreaterThanOrEqual(CLOSE_WAIT_MS - 100)
    core.kill('SIGKILL')
  }, 30_000)
})

/** The built core as Electron starts it: a process with a parentPort, answering `{ data }` messages. */
function forkCore(env: Record<string, string>): { child: ChildProcess; messages: unknown[] } {
  const messages: unknown[] = []
  const child = fork(path.join(ROOT, 'out', 'main', 'core.js'), [], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    execArgv: ['--require', PARENT_PORT_STAND_IN],
  })
  child.on('message', (message) => messages.push(message))
  return { child, messages }
}

const exitOf = (child: ChildProcess): Promise<number | null> =>
  child.exitCode !== null
    ? Promise.resolve(child.exitCode)
    : new Promise((resolve) => child.once('exit', resolve))

describe('the core process under Electron’s parentPort', () => {
  it('says why it cannot open its database, naming the path and the cause, and exits non-zero within 5 s', async () => {
    const folder = path.join(tempFolder(), 'library.sqlite')
    fs.mkdirSync(folder)
    const started = Date.now()
    const { child, messages } = forkCore({ EPISCORE_DB: folder })
    try {
      expect(await exitOf(child)).toBe(1)
      expect(Date.now() - started).toBeLessThan(5000)
      const [report] = messages as { kind: string; message: string }[]
      expect(report?.kind).toBe('cannot-start')
      expect(report?.message).toContain(folder)
      expect(report?.message).toContain('is a folder, not a database file')
    } finally {
      child.kill('SIGKILL')
    }
  }, 20_000)

  it('closes its database and exits 0 when asked to close (no kill, which Windows cannot deliver gently)', async () => {
    const database = path.join(tempFolder(), 'close.sqlite')
    const { child, messages } = forkCore({ EPISCORE_DB: database })
    try {
      await until(() => messages.length > 0, 'the start report')
      expect(messages[0]).toEqual({ kind: 'started', problem: null })
      child.send({ id: 1, kind: 'call', method: 'reviewer.set', request: { name: 'Ada' }, viewBase: null })
      child.send({ id: 2, kind: 'close' })
      expect(await exitOf(child)).toBe(0)
      expect(messages.slice(1)).toEqual([
        { id: 1, ok: true, value: { ok: true, value: { name: 'Ada' } } },
        { id: 2, ok: true, value: null },
      ])
      expect(fs.existsSync(`${database}-wal`)).toBe(false)
    } finally {
      child.kill('SIGKILL')
    }
  }, 20_000)
})

describe('a core that cannot open its database after a crash mid-session', () => {
  let electron: ElectronStandIn
  afterAll(() => electron?.stopCores())

  it('is told once, with the reason and the ways out, and no request hangs', async () => {
    const database = path.join(tempFolder(), 'unplugged.sqlite')
    electron = await startShell({ packaged: false, env: { EPISCORE_DB: database } })
    const win = electron.window as FakeWindow
    const call = (method: string, request: unknown) =>
      electron.ipc.get(CHANNELS.call)?.(eventFrom(win), method, request, null) as Promise<{
        ok: boolean
        error?: { message: string }
      }>
    expect((await call('episodes.list', {})).ok).toBe(true)
    // The database goes away (an unplugged disk, a folder moved) and something stands at its path that
    // cannot be opened; then the core crashes.
    fs.renameSync(database, `${database}.moved`)
    fs.mkdirSync(database)
    electron.forks.at(-1)?.child.kill('SIGKILL')
    await until(() => electron.forks.length === 2, 'the restarted core')
    const restarted = electron.forks[1]?.child as ChildProcess
    expect(await exitOf(restarted)).toBe(1)
    await until(() => electron.messageBoxes.length === 1, 'the reason shown')
    const [shown] = electron.messageBoxes
    expect(shown?.message).toBe('Episcore cannot open its database')
    expect(shown?.detail).toContain(database)
    expect(shown?.detail).toContain('is a folder')
    expect(shown?.buttons).toEqual(['Restore a Backup…', 'Open Another Database…', 'Quit'])
    // Answered at once with the reason, not left spinning.
    const started = Date.now()
    const refused = await call('episodes.list', {})
    expect(refused.ok).toBe(false)
    expect(refused.error?.message).toContain('is a folder')
    expect(Date.now() - started).toBeLessThan(1000)
    // Not started again and again, and not shown again.
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(electron.forks.length).toBe(2)
    expect(electron.messageBoxes.length).toBe(1)
    expect(electron.quits).toBe(1)
  }, 60_000)

  it('says the database is gone when it was moved away, instead of making an empty library in its place', async () => {
    electron?.stopCores()
    const database = path.join(tempFolder(), 'moved.sqlite')
    electron = await startShell({ packaged: false, env: { EPISCORE_DB: database } })
    const win = electron.window as FakeWindow
    const call = (method: string, request: unknown) =>
      electron.ipc.get(CHANNELS.call)?.(eventFrom(win), method, request, null) as Promise<{
        ok: boolean
        error?: { message: string }
      }>
    expect((await call('reviewer.set', { name: 'Ada' })).ok).toBe(true)
    // The file is moved (renamed in the file manager, its disk unplugged): nothing stands at its path.
    fs.renameSync(database, `${database}.moved`)
    for (const side of ['-wal', '-shm']) fs.rmSync(`${database}${side}`, { force: true })
    electron.forks.at(-1)?.child.kill('SIGKILL')
    await until(() => electron.forks.length === 2, 'the restarted core')
    expect(await exitOf(electron.forks[1]?.child as ChildProcess)).toBe(1)
    await until(() => electron.messageBoxes.length === 1, 'the reason shown')
    expect(electron.messageBoxes[0]?.detail).toContain(database)
    expect(electron.messageBoxes[0]?.detail).toContain('is not there any more')
    expect(fs.existsSync(database)).toBe(false)
    const refused = await call('episodes.list', {})
    expect(refused.error?.message).toContain('is not there any more')
  }, 60_000)

  it('restores a backup through the library when the editor chooses to', async () => {
    const database = path.join(tempFolder(), 'recover.sqlite')
    fs.mkdirSync(database)
    electron.stopCores()
    electron = await startShell({ packaged: false, env: { EPISCORE_DB: database } })
    electron.messageBoxAnswer = 0
    await until(() => electron.forks.length === 2, 'the core started to recover')
    expect(electron.messageBoxes.length).toBe(1)
    expect(electron.forks[1]?.options.env?.EPISCORE_RECOVER).toBe('1')
    expect(electron.forks[0]?.options.env?.EPISCORE_RECOVER).toBeUndefined()
    const win = electron.window as FakeWindow
    expect(win.webContents.reloads).toBe(1)
    const call = (method: string, request: unknown) =>
      electron.ipc.get(CHANNELS.call)?.(eventFrom(win), method, request, null) as Promise<{
        ok: boolean
        value?: unknown
        error?: { code: string; message: string }
      }>
    // The library shows the reason and the backups, as for a damaged database.
    const list = await call('episodes.list', {})
    expect(list.error?.code).toBe('corrupt-database')
    expect(list.error?.message).toContain(database)
    expect((await call('backups.list', {})).ok).toBe(true)
  }, 60_000)
})

describe('the bundle’s large-transcript reader', () => {
  it('parses a large transcript on a worker thread from the built core, the core’s thread free meanwhile', async () => {
    const chunks = path.join(ROOT, 'out', 'main', 'chunks')
    const chunk = fs.readdirSync(chunks).find((f) => f.startsWith('transcriptFile-'))
    expect(chunk).toBeDefined()
    const built = Module.createRequire(__filename)(path.join(chunks, chunk ?? '')) as {
      readTranscriptFile(file: string): Promise<{ segments: unknown[] }>
    }
    const cues = Array.from({ length: 60_000 }, (_, i) => {
      const at = (s: number) => new Date(s * 1000).toISOString().slice(11, 23)
      return `${at(i * 2)} --> ${at(i * 2 + 1.5)}\nSpeaker ${i % 3}: words spoken in cue number ${i}, some more of them here.\n`
    })
    const file = path.join(tempFolder(), 'large.vtt')
    fs.writeFileSync(file, `WEBVTT\n\n${cues.join('\n')}`)
    expect(fs.statSync(file).size).toBeGreaterThan(5_000_000)
    let ticks = 0
    const ticking = setInterval(() => ticks++, 5)
    try {
      const started = Date.now()
      const parsed = await built.readTranscriptFile(file)
      expect(parsed.segments.length).toBe(60_000)
      // Parsed in place, the thread would not tick once until the parse ended.
      expect(Date.now() - started).toBeGreaterThan(100)
      expect(ticks).toBeGreaterThan(5)
    } finally {
      clearInterval(ticking)
    }
  }, 60_000)
})

describe('the bundles’ large-episode-file reader', () => {
  const largeEpisodeFile = (): string => {
    const doc = machineEpisode()
    const segment = doc.transcript?.segments[0]
    if (!doc.transcript || !segment) throw new Error('the machine episode has a transcript')
    // About 12 MB: a second or more of parsing and checking, which the core's thread must not wait for.
    doc.transcript.segments = Array.from({ length: 40_000 }, (_, i) => ({
      ...segment,
      id: `s${String(i).padStart(6, '0')}`,
      start: 700 + i,
      end: 700.5 + i,
      text: 'x'.repeat(250),
    }))
    const file = path.join(tempFolder(), 'large.json')
    fs.writeFileSync(file, JSON.stringify(doc))
    return file
  }

  it('reads, checks and writes a large episode file on the loading thread from the built core, its thread free meanwhile', async () => {
    const chunks = path.join(ROOT, 'out', 'main', 'chunks')
    const chunk = fs.readdirSync(chunks).find((f) => f.startsWith('loadOffThread-'))
    expect(chunk).toBeDefined()
    const built = Module.createRequire(__filename)(path.join(chunks, chunk ?? '')) as {
      readLargeEpisodeFilesOffThread(): void
      episodeFileLoader(
        db: Db,
        file: string,
        name: string,
      ): Promise<{
        prepare(): Promise<{ id: string }>
        write(prepared: { id: string }, options: object, link: null): Promise<{ id: string }>
      }>
    }
    built.readLargeEpisodeFilesOffThread()
    const file = largeEpisodeFile()
    const db = openDatabase(path.join(tempFolder(), 'library.db'))
    let ticks = 0
    const ticking = setInterval(() => ticks++, 5)
    try {
      const started = Date.now()
      const loader = await built.episodeFileLoader(db, file, 'large.json')
      const prepared = await loader.prepare()
      const beforeWrite = ticks
      const loaded = await loader.write(prepared, {}, null)
      expect(loaded.id).toBe(prepared.id)
      // 40,000 segments take a second to write: written in place, not one tick would come meanwhile.
      expect(ticks - beforeWrite).toBeGreaterThan(2)
      // Written through the thread's own connection: this one reads it.
      const segments = db.prepare(`SELECT count(*) FROM transcript_segments WHERE episode_id = ?`).pluck()
      expect(segments.get(loaded.id)).toBe(40_000)
      // Done in place, the thread would not tick once until the load ended.
      expect(Date.now() - started).toBeGreaterThan(100)
      expect(ticks).toBeGreaterThan(5)
    } finally {
      clearInterval(ticking)
      db.close()
    }
  }, 60_000)

  it('is built beside the command line’s bundle too, which serves the browser mode, and loads a file there', () => {
    const entry = path.join(ROOT, 'out', 'cli', 'episodeFileWorker.js')
    const built = Module.createRequire(__filename)(entry) as {
      prepareLoadReply(input: { file: string; name: string }): { ok: boolean; value?: { token: number } }
      writeLoadReply(input: { token: number; file: string; options: object; link: null }): { ok: boolean }
    }
    const prepared = built.prepareLoadReply({ file: largeEpisodeFile(), name: 'large.json' })
    expect(prepared).toMatchObject({ ok: true })
    const library = path.join(tempFolder(), 'library.db')
    openDatabase(library).close()
    const token = prepared.value?.token ?? -1
    expect(built.writeLoadReply({ token, file: library, options: {}, link: null })).toMatchObject({
      ok: true,
    })
    const bad = path.join(tempFolder(), 'bad.json')
    fs.writeFileSync(bad, '{"format": 1')
    expect(built.prepareLoadReply({ file: bad, name: 'bad.json' })).toMatchObject({ ok: false })
  }, 60_000)
})

describe('the bundles’ agreement thread', () => {
  const sources = analysesOnScale({
    count: 6,
    chapters: 2_000,
    levels: 1_001,
    scale: { min: 0, max: 1e12 },
    value: (k) => k * 1e9,
  }).map((document) => ({ source: document.episode.id, document }))

  it('measures agreement on a worker thread from the built core, its thread free meanwhile', async () => {
    const chunks = path.join(ROOT, 'out', 'main', 'chunks')
    const chunk = fs.readdirSync(chunks).find((f) => f.startsWith('agreementOffThread-'))
    expect(chunk).toBeDefined()
    const built = Module.createRequire(__filename)(path.join(chunks, chunk ?? '')) as {
      measureAgreementOffThread(): void
      agreementOffThread(s: typeof sources): Promise<AgreementDetail>
    }
    built.measureAgreementOffThread()
    let ticked = false
    const measured = built.agreementOffThread(sources).then((detail) => ({ detail, ticked }))
    setTimeout(() => (ticked = true), 0)
    const { detail, ticked: tickedFirst } = await measured
    // Measured in place, it would have ended before the timer's turn came.
    expect(tickedFirst).toBe(true)
    expect(detail.dimensions).toEqual(agreement(sources).dimensions)
  }, 60_000)

  it('is built beside the command line’s bundle too, which serves the browser mode', () => {
    const entry = path.join(ROOT, 'out', 'cli', 'agreementWorker.js')
    const built = Module.createRequire(__filename)(entry) as {
      agreementReply(s: typeof sources): { ok: boolean; value?: AgreementDetail }
    }
    expect(built.agreementReply(sources)).toMatchObject({
      ok: true,
      value: { units: agreement(sources).units },
    })
    expect(built.agreementReply(sources.slice(0, 1))).toMatchObject({ ok: false, user: true })
  }, 60_000)
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
