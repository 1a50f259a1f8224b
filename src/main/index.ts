import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  protocol,
  shell,
  utilityProcess,
  type IpcMainInvokeEvent,
} from 'electron'
import fs from 'node:fs'
import path from 'node:path'
import { appDataFolder } from '../core/db/databaseLocation'
import {
  EPISODE_EXTENSIONS,
  MEDIA_EXTENSIONS,
  TRANSCRIPT_EXTENSIONS,
  type FileKind,
} from '../shared/fileKinds'
import { answerAppRequest } from './appProtocol'
import { CHANNELS } from './channels'
import { CoreClient } from './coreClient'
import { coreEnvironment, databaseArgument } from './coreEnvironment'
import { externalUrl } from './externalLinks'
import { callPayload, chooseFilePayload, droppedFilePayload, saveTextPayload } from './ipcPayloads'
import { answerMediaRequest } from './mediaProtocol'
import { buildMenu } from './menu'
import { APP_ORIGIN, APP_SCHEME, isAppUrl, MEDIA_SCHEME, PRIVILEGED_SCHEMES } from './schemes'

/** The open dialog for each kind of file the renderer may ask for. */
const DIALOGS: Record<FileKind, { title: string; filter: Electron.FileFilter }> = {
  media: {
    title: 'Choose the episode’s audio or video',
    filter: { name: 'Audio and video', extensions: [...MEDIA_EXTENSIONS] },
  },
  transcript: {
    title: 'Choose a transcript',
    filter: { name: 'Transcripts', extensions: [...TRANSCRIPT_EXTENSIONS] },
  },
  episode: {
    title: 'Open episode JSON',
    filter: { name: 'Episode JSON', extensions: [...EPISODE_EXTENSIONS] },
  },
}

const packaged = app.isPackaged
// Shown in menus and dialogs; the data stays in the folder the CLI and the host use (named `episcore`).
app.setName('Episcore')
app.setPath('userData', appDataFolder())
protocol.registerSchemesAsPrivileged(PRIVILEGED_SCHEMES)

let mainWindow: BrowserWindow | null = null
let core: CoreClient | null = null

function createWindow(): BrowserWindow {
  const win = new BrowserWindow({
    width: 1400,
    height: 900,
    show: false,
    title: 'Episcore',
    icon: path.join(app.getAppPath(), 'resources', 'icon.png'),
    webPreferences: {
      // electronegativity: PRELOAD_JS_CHECK justified: the preload exposes five narrow functions
      // (src/preload/index.ts) to a sandboxed, context-isolated page; neither Node nor ipcRenderer reaches it.
      preload: path.join(__dirname, '../preload/index.js'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      devTools: !packaged,
      // A middle click would open a link in a new window; the app has no use for auxclick.
      disableBlinkFeatures: 'Auxclick',
      // macOS checks spelling with the system's own speller. Elsewhere Chromium would download Hunspell
      // dictionaries from Google's servers, which an offline editor's tool must not do.
      spellcheck: process.platform === 'darwin',
    },
  })
  win.once('ready-to-show', () => win.show())
  // Every window, the first or one reopened, lets go of itself when closed: nothing holds a destroyed one.
  win.on('closed', () => {
    if (mainWindow === win) mainWindow = null
  })
  // Once the library is on screen: the editor is choosing, and most often chooses the last episode.
  win.webContents.once('did-finish-load', () => {
    core?.request({ kind: 'prepareLastEpisode' }).catch(() => undefined)
  })
  void win.loadURL(`${APP_ORIGIN}/index.html`)
  mainWindow = win
  return win
}

/** The window, brought forward, or a new one when the last was closed (macOS keeps the app running). */
function showWindow(): void {
  if (!app.isReady() || !core) return
  if (!mainWindow) {
    createWindow()
    return
  }
  if (mainWindow.isMinimized()) mainWindow.restore()
  mainWindow.focus()
}

/** Page permissions granted: a video's own fullscreen button; no camera, microphone, location or other. */
const ALLOWED_PERMISSIONS: ReadonlySet<string> = new Set(['fullscreen'])

/** Nothing navigates away from the app or opens windows; http(s) links go to the system browser. */
function lockDownNavigation(): void {
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-navigate', (event) => event.preventDefault())
    contents.on('will-attach-webview', (event) => event.preventDefault())
    contents.setWindowOpenHandler(({ url }) => {
      const target = externalUrl(url)
      // electronegativity: OPEN_EXTERNAL_JS_CHECK justified: only http(s) addresses reach the system
      // browser, checked and re-serialised by externalUrl (src/main/externalLinks.ts, unit tested).
      if (target) void shell.openExternal(target)
      return { action: 'deny' }
    })
    contents.session.setPermissionRequestHandler((_contents, permission, grant) =>
      grant(ALLOWED_PERMISSIONS.has(permission)),
    )
    contents.session.setPermissionCheckHandler((_contents, permission) => ALLOWED_PERMISSIONS.has(permission))
  })
}

/** Only the app's own page in our window's main frame may call: not a subframe, not another page. */
function fromOurPage(event: IpcMainInvokeEvent): boolean {
  const win = mainWindow
  const frame = event.senderFrame
  return (
    !!win &&
    !win.isDestroyed() &&
    event.sender === win.webContents &&
    !!frame &&
    frame.parent === null &&
    isAppUrl(frame.url)
  )
}

function wireIpc(client: CoreClient): void {
  ipcMain.handle(CHANNELS.call, async (event, ...args: unknown[]) => {
    const call = fromOurPage(event) ? callPayload(args) : null
    if (!call) return { ok: false, error: { code: 'invalid-request', message: 'refused' } }
    try {
      return await client.request({ kind: 'call', ...call })
    } catch (error) {
      return { ok: false, error: { code: 'internal', message: (error as Error).message } }
    }
  })
  ipcMain.handle(CHANNELS.chooseFile, async (event, ...args: unknown[]) => {
    const kind = chooseFilePayload(args)
    const win = mainWindow
    if (!fromOurPage(event) || !win || !kind) return null
    const { title, filter } = DIALOGS[kind]
    const result = await dialog.showOpenDialog(win, {
      title,
      properties: ['openFile'],
      filters: [filter, { name: 'All files', extensions: ['*'] }],
    })
    const chosen = result.filePaths[0]
    if (result.canceled || !chosen) return null
    return { ref: await client.request({ kind: 'registerFile', path: chosen }), name: path.basename(chosen) }
  })
  ipcMain.handle(CHANNELS.registerDropped, async (event, ...args: unknown[]) => {
    const filePath = droppedFilePayload(args)
    if (!fromOurPage(event) || !filePath) return null
    if (!fs.existsSync(filePath) || !fs.statSync(filePath).isFile()) return null
    return {
      ref: await client.request({ kind: 'registerFile', path: filePath }),
      name: path.basename(filePath),
    }
  })
  ipcMain.handle(CHANNELS.saveText, async (event, ...args: unknown[]) => {
    const payload = saveTextPayload(args)
    const win = mainWindow
    if (!fromOurPage(event) || !win || !payload) return false
    const { defaultName, text } = payload
    const result = await dialog.showSaveDialog(win, { defaultPath: defaultName })
    if (result.canceled || !result.filePath) return false
    const tmp = `${result.filePath}.${process.pid}.tmp`
    fs.writeFileSync(tmp, text)
    fs.renameSync(tmp, result.filePath)
    return true
  })
}

/** The core (SQLite, imports, exports, peaks) in a process of its own, so that it never freezes the UI. */
function startCore(): CoreClient {
  const env = coreEnvironment(process.env, { packaged, databaseFile: databaseArgument(process.argv) })
  return new CoreClient(
    () =>
      utilityProcess.fork(path.join(__dirname, 'core.js'), [], {
        serviceName: 'Episcore core',
        env,
        stdio: 'inherit',
      }),
    (code) => {
      dialog.showErrorBox(
        'Episcore’s core keeps stopping',
        `It ended with exit code ${code} several times within a minute. Your saved work is in the database; restart Episcore.`,
      )
      app.quit()
    },
  )
}

if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  // A second launch brings this one forward, opening a window if none is open.
  app.on('second-instance', () => showWindow())
  app.on('activate', () => showWindow())
  lockDownNavigation()
  void app.whenReady().then(async () => {
    const client = startCore()
    core = client
    const rendererDir = path.join(__dirname, '../renderer')
    protocol.handle(APP_SCHEME, (request) => answerAppRequest(rendererDir, request))
    protocol.handle(MEDIA_SCHEME, (request) =>
      answerMediaRequest(
        {
          media: (episodeId) => client.request({ kind: 'mediaFile', episodeId }),
          peaks: (episodeId, level) => client.request({ kind: 'peaksFile', episodeId, level }),
        },
        request,
      ),
    )
    wireIpc(client)
    Menu.setApplicationMenu(buildMenu(() => mainWindow, { packaged }))
    createWindow()
    const started = await client.started
    if (started.kind === 'cannot-start') {
      dialog.showErrorBox('Episcore cannot open its database', started.message)
      app.quit()
    }
  })
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
  app.on('will-quit', () => core?.stop())
}
