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
import path from 'node:path'
import { appDataFolder, defaultDatabasePath } from '../core/db/databaseLocation'
import { forgetsMedia, ServedMediaCache } from '../core/media/servedMediaCache'
import { writeAtomically } from '../core/service/writeAtomically'
import {
  CODEBOOK_EXTENSIONS,
  EPISODE_EXTENSIONS,
  MEDIA_EXTENSIONS,
  TRANSCRIPT_EXTENSIONS,
  type FileKind,
} from '../shared/fileKinds'
import { answerAppRequest } from './appProtocol'
import { CHANNELS } from './channels'
import { CoreClient, type CoreDown } from './coreClient'
import { keepDeskPassword, unlockDesk } from './deskKeychain'
import { coreEnvironment, databaseArgument } from './coreEnvironment'
import { DialogFolders, PathChecks } from './dialogFolders'
import { externalUrl } from './externalLinks'
import {
  callPayload,
  chooseFilePayload,
  droppedFilePayload,
  episodeIdPayload,
  saveTextPayload,
} from './ipcPayloads'
import { answerMediaRequest } from './mediaProtocol'
import { buildMenu } from './menu'
import { sandboxOffRefusal } from './sandboxGuard'
import { APP_ORIGIN, APP_SCHEME, isAppUrl, MEDIA_SCHEME, PRIVILEGED_SCHEMES } from './schemes'
import { relaunchArgs, secondLaunchData, secondLaunchOf, type SecondLaunch } from './secondLaunch'

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
  codebook: {
    title: 'Import a codebook',
    filter: { name: 'REFI-QDA codebook', extensions: [...CODEBOOK_EXTENSIONS] },
  },
}

const packaged = app.isPackaged
// Shown in menus and dialogs; the data stays in the folder the CLI and the host use (named `episcore`).
app.setName('Episcore')
app.setPath('userData', appDataFolder())
protocol.registerSchemesAsPrivileged(PRIVILEGED_SCHEMES)

let mainWindow: BrowserWindow | null = null
let core: CoreClient | null = null
/** The database the core was started on last: the command line's, else one the editor opened instead. */
let databaseFile = defaultDatabasePath(databaseArgument(process.argv))
/** Paths the editor's files are at, checked without blocking: a share that does not answer must not freeze windows. */
const pathChecks = new PathChecks()
const dialogFolders = new DialogFolders(path.join(appDataFolder(), 'dialog-folders.json'), pathChecks)
/** The media each episode plays from, checked by a stat on each range request (no core round trip). */
let servedMedia: ServedMediaCache | null = null

/** Menu commands chosen while no page listened (no window open, or one still loading). */
let waitingCommands: [command: string, byKey: boolean][] = []
/** The pages whose menu listener is in place (the preload says so through CHANNELS.menuReady). */
const listeningPages = new WeakSet<object>()
/** Set once the editor (or the system) asked to quit: a window's close then goes on to quitting. */
let quitAsked = false
/** How long a closing window waits for its page to commit typed text. */
const COMMIT_WAIT_MS = 2000

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
  commitTypedTextOnClose(win)
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

/**
 * Text typed in a field is committed when the field loses focus; a window closing (or the app quitting)
 * would lose it. The close is held back while the page commits it (BrowserWindow 'close': "Calling
 * event.preventDefault() will cancel the close"), at most COMMIT_WAIT_MS, then goes ahead; a quit held
 * back this way is asked for again.
 */
const commitAnswers = new WeakMap<object, () => void>()
function commitTypedTextOnClose(win: BrowserWindow): void {
  let committed = false
  win.on('close', (event) => {
    if (committed) return
    event.preventDefault()
    if (commitAnswers.has(win.webContents)) return
    const finish = (): void => {
      clearTimeout(timer)
      commitAnswers.delete(win.webContents)
      committed = true
      if (!win.isDestroyed()) win.close()
      if (quitAsked) app.quit()
    }
    const timer = setTimeout(finish, COMMIT_WAIT_MS)
    commitAnswers.set(win.webContents, finish)
    win.webContents.send(CHANNELS.commitPending)
  })
}

/**
 * A menu command goes to the window's page; with no window (macOS keeps the app running without one)
 * the window is opened again and the command waits until its page listens.
 */
function deliverMenuCommand(command: string, byKey: boolean): void {
  const win = mainWindow
  if (win && !win.isDestroyed() && listeningPages.has(win.webContents)) {
    win.webContents.send(CHANNELS.menuCommand, command, byKey)
    return
  }
  waitingCommands.push([command, byKey])
  if (!win) showWindow()
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
      const reply = await client.request({ kind: 'call', ...call })
      await keepDeskPassword(databaseFile, call, reply)
      const forget = reply.ok ? forgetsMedia(call.method) : null
      if (forget === 'all') servedMedia?.forgetAll()
      else if (forget === 'episode') servedMedia?.forget((call.request as { id: string }).id)
      return reply
    } catch (error) {
      return { ok: false, error: { code: 'internal', message: (error as Error).message } }
    }
  })
  ipcMain.handle(CHANNELS.menuReady, (event) => {
    if (!fromOurPage(event)) return
    listeningPages.add(event.sender)
    const waiting = waitingCommands
    waitingCommands = []
    for (const [command, byKey] of waiting) event.sender.send(CHANNELS.menuCommand, command, byKey)
  })
  ipcMain.handle(CHANNELS.pendingCommitted, (event) => {
    commitAnswers.get(event.sender)?.()
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
      defaultPath: await dialogFolders.folderFor(kind),
    })
    const chosen = result.filePaths[0]
    if (result.canceled || !chosen) return null
    dialogFolders.chose(kind, chosen)
    return { ref: await client.registerFile(chosen), name: path.basename(chosen) }
  })
  ipcMain.handle(CHANNELS.chooseFolder, async (event) => {
    const win = mainWindow
    if (!fromOurPage(event) || !win) return null
    const result = await dialog.showOpenDialog(win, {
      title: 'Folder for the web page',
      buttonLabel: 'Export Here',
      // createDirectory: macOS's New Folder button; promptToCreate: Windows offers to make a typed folder.
      properties: ['openDirectory', 'createDirectory', 'promptToCreate'],
      // Opened beside the last export folder, not inside it: the folder shown there would be refused
      // as another episode's. Its own key: a Save dialog opened inside an export folder would leave a
      // file there that blocks the next export.
      defaultPath: await dialogFolders.folderFor('site'),
    })
    const chosen = result.filePaths[0]
    if (result.canceled || !chosen) return null
    dialogFolders.chose('site', chosen)
    return { ref: await client.registerOutput(chosen), name: path.basename(chosen) }
  })
  ipcMain.handle(CHANNELS.registerDropped, async (event, ...args: unknown[]) => {
    const filePath = droppedFilePayload(args)
    if (!fromOurPage(event) || !filePath) return null
    const found = await pathChecks.check(filePath)
    if (found === null || found === 'no answer' || !found.isFile()) return null
    return { ref: await client.registerFile(filePath), name: path.basename(filePath) }
  })
  ipcMain.handle(CHANNELS.showMediaInFolder, async (event, ...args: unknown[]) => {
    const id = episodeIdPayload(args)
    if (!fromOurPage(event) || id === null) return 'refused'
    try {
      const reply = await client.request({
        kind: 'call',
        method: 'episodes.mediaLocation',
        request: { id },
        viewBase: null,
      })
      if (!reply.ok) return reply.error.message
      const { path: file } = reply.value as { path: string | null }
      if (file === null) return 'this episode has no media file linked: relink it from the episode'
      const found = await pathChecks.check(file)
      if (found === 'no answer')
        return `the folder of ${file} does not answer: is its disk or network share connected?`
      if (found === null) return `the media file is no longer at ${file}: relink it from the episode`
      shell.showItemInFolder(file)
      return null
    } catch (error) {
      return (error as Error).message
    }
  })
  ipcMain.handle(CHANNELS.saveText, async (event, ...args: unknown[]) => {
    const payload = saveTextPayload(args)
    const win = mainWindow
    if (!fromOurPage(event) || !win || !payload) return false
    const { defaultName, text } = payload
    const folder = await dialogFolders.folderFor('save')
    const result = await dialog.showSaveDialog(win, {
      defaultPath: folder ? path.join(folder, defaultName) : defaultName,
    })
    if (result.canceled || !result.filePath) return false
    dialogFolders.chose('save', result.filePath)
    // As the CLI's --out writes: through a link the editor made, keeping a private file's mode.
    writeAtomically(result.filePath, text)
    return true
  })
}

/** The core (SQLite, imports, exports, peaks) in a process of its own, so that it never freezes the UI. */
function startCore(): CoreClient {
  // The environment the app started with, for every core it starts.
  const startEnv = { ...process.env }
  return new CoreClient(
    (launch) =>
      utilityProcess.fork(path.join(__dirname, 'core.js'), [], {
        serviceName: 'Episcore core',
        env: coreEnvironment(startEnv, {
          packaged,
          databaseFile: launch.databaseFile ?? databaseArgument(process.argv),
          recovering: launch.recovering,
          mustExist: launch.mustExist,
        }),
        stdio: 'inherit',
      }),
    (down) => void offerRecovery(down),
  )
}

const DATABASE_FILTER: Electron.FileFilter = { name: 'Episcore database', extensions: ['sqlite', 'db'] }

/**
 * The core cannot use its database (it could not open it, or kept stopping): the reason, once, and the
 * library's ways out. Restoring a backup starts the core in recovery, where the library lists the
 * backups as it does for a damaged database; another database is opened in its place.
 */
async function offerRecovery(down: CoreDown): Promise<void> {
  const client = core
  if (!client) return
  const win = mainWindow && !mainWindow.isDestroyed() ? mainWindow : null
  const options: Electron.MessageBoxOptions = {
    type: 'error',
    title: 'Episcore',
    message: down.crashing ? 'Episcore’s core keeps stopping' : 'Episcore cannot open its database',
    detail: `${down.reason}\n\nRestore one of its backups, open another database, or quit.`,
    buttons: ['Restore a Backup…', 'Open Another Database…', 'Quit'],
    defaultId: 0,
    cancelId: 2,
    noLink: true,
  }
  const { response } = win ? await dialog.showMessageBox(win, options) : await dialog.showMessageBox(options)
  if (response === 0) return restartCore(client, { databaseFile, recovering: true })
  if (response === 1) {
    const result = await dialog.showOpenDialog({
      title: 'Open another Episcore database',
      properties: ['openFile'],
      filters: [DATABASE_FILTER, { name: 'All files', extensions: ['*'] }],
      defaultPath: await dialogFolders.folderFor('database'),
    })
    const chosen = result.filePaths[0]
    // Cancelled: the reason and the ways out again, rather than a window that cannot work.
    if (result.canceled || !chosen) return offerRecovery(down)
    dialogFolders.chose('database', chosen)
    databaseFile = chosen
    return restartCore(client, { databaseFile: chosen })
  }
  app.quit()
}

function restartCore(client: CoreClient, launch: { databaseFile: string; recovering?: boolean }): void {
  servedMedia?.forgetAll()
  client.restart(launch)
  // The page shows the library of the database now served (or its backups, when recovering).
  const win = mainWindow
  if (win && !win.isDestroyed()) win.webContents.reload()
}

/** Set once a launch made while quitting was handed on to app.relaunch: one new start, not one each. */
let relaunchAsked = false

/**
 * A second launch: brought to this one (the single instance lock). While quitting, a window opened now
 * would close with the app and the launch would be lost: it starts again once this one has quit. A
 * launch naming another database than the one open is told that this app serves another.
 */
function answerSecondLaunch(launch: SecondLaunch): void {
  if (quitAsked) {
    if (relaunchAsked) return
    relaunchAsked = true
    app.relaunch({ args: relaunchArgs(process.argv, launch) })
    return
  }
  showWindow()
  if (launch.database && path.resolve(launch.database) !== path.resolve(databaseFile))
    void sayAnotherDatabaseIsOpen(launch.database)
}

/**
 * One app serves one database (one core, one window). Opening a second beside it would mean a second
 * core and window to keep apart in every menu and dialog: the editor is told which is open, and may
 * quit this one to start on the other.
 */
async function sayAnotherDatabaseIsOpen(asked: string): Promise<void> {
  const win = mainWindow && !mainWindow.isDestroyed() ? mainWindow : null
  const options: Electron.MessageBoxOptions = {
    type: 'info',
    title: 'Episcore',
    message: 'Episcore already has another database open',
    detail: `It has ${databaseFile} open, not ${asked}. Episcore opens one database at a time: quit it to open ${path.basename(asked)} instead.`,
    buttons: ['Keep This One', `Quit and Open ${path.basename(asked)}`],
    defaultId: 0,
    cancelId: 0,
    noLink: true,
  }
  const { response } = win ? await dialog.showMessageBox(win, options) : await dialog.showMessageBox(options)
  if (response !== 1 || relaunchAsked) return
  relaunchAsked = true
  app.relaunch({ args: relaunchArgs(process.argv, { database: asked }) })
  app.quit()
}

const sandboxOff = sandboxOffRefusal({
  noSandbox: app.commandLine.hasSwitch('no-sandbox') || process.argv.includes('--no-sandbox'),
  platform: process.platform,
  execPath: process.execPath,
})
if (sandboxOff !== null) {
  console.error(`episcore: ${sandboxOff}`)
  // On Linux an error box before 'ready' goes to stderr only (docs/api/dialog.md), which a desktop
  // launch never shows: it waits for ready. app.exit: no window, no core, nothing to close.
  void app.whenReady().then(() => {
    dialog.showErrorBox('Episcore will not start without its sandbox', sandboxOff)
    app.exit(1)
  })
} else if (!app.requestSingleInstanceLock({ ...secondLaunchData(process.argv, process.cwd()) })) {
  app.quit()
} else {
  // A second launch brings this one forward, opening a window if none is open.
  app.on('second-instance', (_event, _argv, _workingDirectory, additionalData) =>
    answerSecondLaunch(secondLaunchOf(additionalData)),
  )
  app.on('activate', () => showWindow())
  lockDownNavigation()
  void app.whenReady().then(() => {
    const client = startCore()
    core = client
    const rendererDir = path.join(__dirname, '../renderer')
    protocol.handle(APP_SCHEME, (request) => answerAppRequest(rendererDir, request))
    const media = new ServedMediaCache((episodeId) => client.request({ kind: 'mediaFile', episodeId }))
    servedMedia = media
    protocol.handle(MEDIA_SCHEME, (request) =>
      answerMediaRequest(
        {
          media: (episodeId) => media.media(episodeId),
          peaks: (episodeId, level) => client.request({ kind: 'peaksFile', episodeId, level }),
        },
        request,
      ),
    )
    wireIpc(client)
    // Not awaited: the window opens at once; the desk comes online when the keychain answers.
    unlockDesk(databaseFile, client).catch(() => undefined)
    Menu.setApplicationMenu(buildMenu(deliverMenuCommand, { packaged }))
    createWindow()
  })
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
  app.on('before-quit', () => {
    quitAsked = true
  })
  // 'will-quit': "Calling event.preventDefault() will prevent the default behavior, which is terminating
  // the application" (docs/api/app.md). The quit waits for the core to close its database, then goes on.
  let coreClosed = false
  let coreClosing = false
  app.on('will-quit', (event) => {
    const client = core
    if (coreClosed || !client) return
    event.preventDefault()
    if (coreClosing) return
    coreClosing = true
    void client.close().finally(() => {
      coreClosed = true
      app.quit()
    })
  })
}
