import { app, BrowserWindow, dialog, ipcMain, Menu, protocol, shell } from 'electron'
import fs from 'node:fs'
import path from 'node:path'
import { PeaksCache, peaksFolderBeside } from '../core/media/peaksCache'
import { DatabaseSession } from '../core/service/databaseSession'
import { FileRefs } from '../core/service/fileRefs'
import type { FileKind } from '../preload/api'
import { CHANNELS, MEDIA_SCHEME } from './channels'
import { externalUrl } from './externalLinks'
import { callPayload, chooseFilePayload, droppedFilePayload, saveTextPayload } from './ipcPayloads'
import { answerMediaRequest } from './mediaProtocol'
import { buildMenu } from './menu'

const MEDIA_EXTENSIONS = [
  'mp3',
  'm4a',
  'aac',
  'wav',
  'flac',
  'ogg',
  'oga',
  'opus',
  'mp4',
  'm4v',
  'webm',
  'mov',
  'mkv',
]
const TRANSCRIPT_EXTENSIONS = ['vtt', 'srt', 'json', 'txt']

/** The open dialog for each kind of file the renderer may ask for. */
const DIALOGS: Record<FileKind, { title: string; filter: Electron.FileFilter }> = {
  media: {
    title: 'Choose the episode’s audio or video',
    filter: { name: 'Audio and video', extensions: MEDIA_EXTENSIONS },
  },
  transcript: {
    title: 'Choose a transcript',
    filter: { name: 'Transcripts', extensions: TRANSCRIPT_EXTENSIONS },
  },
  episode: { title: 'Open episode JSON', filter: { name: 'Episode JSON', extensions: ['json'] } },
}

protocol.registerSchemesAsPrivileged([
  { scheme: MEDIA_SCHEME, privileges: { standard: true, secure: true, stream: true, supportFetchAPI: true } },
])

let mainWindow: BrowserWindow | null = null

function createWindow(): BrowserWindow {
  const win = new BrowserWindow({
    width: 1400,
    height: 900,
    show: false,
    title: 'Episcore',
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
      // A middle click would open a link in a new window; the app has no use for auxclick.
      disableBlinkFeatures: 'Auxclick',
      spellcheck: true,
    },
  })
  win.once('ready-to-show', () => win.show())
  void win.loadFile(path.join(__dirname, '../renderer/index.html'))
  return win
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

function wireIpc(database: DatabaseSession, files: FileRefs): void {
  const fromOurWindow = (event: Electron.IpcMainInvokeEvent): boolean =>
    event.sender === mainWindow?.webContents
  ipcMain.handle(CHANNELS.call, (event, ...args: unknown[]) => {
    const call = fromOurWindow(event) ? callPayload(args) : null
    return call
      ? database.dispatch(call.method, call.request, call.viewBase)
      : { ok: false, error: { code: 'invalid-request', message: 'refused' } }
  })
  ipcMain.handle(CHANNELS.chooseFile, async (event, ...args: unknown[]) => {
    const kind = chooseFilePayload(args)
    if (!fromOurWindow(event) || !mainWindow || !kind) return null
    const { title, filter } = DIALOGS[kind]
    const result = await dialog.showOpenDialog(mainWindow, {
      title,
      properties: ['openFile'],
      filters: [filter, { name: 'All files', extensions: ['*'] }],
    })
    const chosen = result.filePaths[0]
    return result.canceled || !chosen ? null : { ref: files.register(chosen), name: path.basename(chosen) }
  })
  ipcMain.handle(CHANNELS.registerDropped, (event, ...args: unknown[]) => {
    const filePath = droppedFilePayload(args)
    if (!fromOurWindow(event) || !filePath) return null
    if (!fs.existsSync(filePath) || !fs.statSync(filePath).isFile()) return null
    return { ref: files.register(filePath), name: path.basename(filePath) }
  })
  ipcMain.handle(CHANNELS.saveText, async (event, ...args: unknown[]) => {
    const payload = saveTextPayload(args)
    if (!fromOurWindow(event) || !mainWindow || !payload) return false
    const { defaultName, text } = payload
    const result = await dialog.showSaveDialog(mainWindow, { defaultPath: defaultName })
    if (result.canceled || !result.filePath) return false
    const tmp = `${result.filePath}.${process.pid}.tmp`
    fs.writeFileSync(tmp, text)
    fs.renameSync(tmp, result.filePath)
    return true
  })
}

if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  app.on('second-instance', () => {
    if (!mainWindow) return
    if (mainWindow.isMinimized()) mainWindow.restore()
    mainWindow.focus()
  })
  lockDownNavigation()
  void app.whenReady().then(() => {
    const databaseFile = process.env.EPISCORE_DB || path.join(app.getPath('userData'), 'episcore.sqlite')
    const files = new FileRefs()
    const peaks = new PeaksCache(peaksFolderBeside(databaseFile))
    let database: DatabaseSession
    try {
      // A damaged database opens too, untouched: the library reports it and offers the backups.
      database = new DatabaseSession(databaseFile, { files, peaks })
    } catch (error) {
      dialog.showErrorBox('Episcore cannot open its database', (error as Error).message)
      app.quit()
      return
    }
    // Not awaited: the window need not wait for a large database's copy.
    database.backUp().catch((error: unknown) => console.error('episcore: the daily backup failed:', error))
    protocol.handle(MEDIA_SCHEME, (request) => answerMediaRequest(() => database.db, peaks, request))
    wireIpc(database, files)
    Menu.setApplicationMenu(buildMenu(() => mainWindow, { packaged: app.isPackaged }))
    mainWindow = createWindow()
    // Once the library is on screen: the editor is choosing, and most often chooses the last episode.
    mainWindow.webContents.once('did-finish-load', () => setTimeout(() => database.prepareLastEpisode(), 0))
    mainWindow.on('closed', () => (mainWindow = null))
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) mainWindow = createWindow()
    })
    app.on('will-quit', () => database.close())
  })
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
}
