import { app, BrowserWindow, dialog, ipcMain, Menu, protocol, shell } from 'electron'
import fs from 'node:fs'
import path from 'node:path'
import { openDatabase, type Db } from '../core/db/openDatabase'
import { PeaksCache, peaksFolderBeside } from '../core/media/peaksCache'
import { FileRefs } from '../core/service/fileRefs'
import { createHandlers, dispatch } from '../core/service/handlers'
import type { FileKind } from '../preload/api'
import { CHANNELS, MEDIA_SCHEME } from './channels'
import { answerMediaRequest } from './mediaProtocol'
import { buildMenu } from './menu'
import { electronSqliteBinding } from './nativeSqlite'

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
      preload: path.join(__dirname, '../preload/index.js'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: true,
    },
  })
  win.once('ready-to-show', () => win.show())
  void win.loadFile(path.join(__dirname, '../renderer/index.html'))
  return win
}

/** Nothing navigates away from the app or opens windows; http(s) links go to the system browser. */
function lockDownNavigation(): void {
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-navigate', (event) => event.preventDefault())
    contents.on('will-attach-webview', (event) => event.preventDefault())
    contents.setWindowOpenHandler(({ url }) => {
      if (/^https?:\/\//i.test(url)) void shell.openExternal(url)
      return { action: 'deny' }
    })
  })
}

function wireIpc(db: Db, files: FileRefs, peaks: PeaksCache): void {
  const handlers = createHandlers({ db, files, peaks })
  const fromOurWindow = (event: Electron.IpcMainInvokeEvent): boolean =>
    event.sender === mainWindow?.webContents
  ipcMain.handle(CHANNELS.call, (event, method: unknown, request: unknown) =>
    fromOurWindow(event) && typeof method === 'string'
      ? dispatch(handlers, method, request)
      : { ok: false, error: { code: 'invalid-request', message: 'refused' } },
  )
  ipcMain.handle(CHANNELS.chooseFile, async (event, kind: unknown) => {
    if (!fromOurWindow(event) || !mainWindow || typeof kind !== 'string' || !Object.hasOwn(DIALOGS, kind))
      return null
    const { title, filter } = DIALOGS[kind as FileKind]
    const result = await dialog.showOpenDialog(mainWindow, {
      title,
      properties: ['openFile'],
      filters: [filter, { name: 'All files', extensions: ['*'] }],
    })
    const chosen = result.filePaths[0]
    return result.canceled || !chosen ? null : { ref: files.register(chosen), name: path.basename(chosen) }
  })
  ipcMain.handle(CHANNELS.registerDropped, (event, filePath: unknown) => {
    if (!fromOurWindow(event) || typeof filePath !== 'string' || !path.isAbsolute(filePath)) return null
    if (!fs.existsSync(filePath) || !fs.statSync(filePath).isFile()) return null
    return { ref: files.register(filePath), name: path.basename(filePath) }
  })
  ipcMain.handle(CHANNELS.saveText, async (event, defaultName: unknown, text: unknown) => {
    if (!fromOurWindow(event) || !mainWindow || typeof defaultName !== 'string' || typeof text !== 'string')
      return false
    const result = await dialog.showSaveDialog(mainWindow, { defaultPath: path.basename(defaultName) })
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
    const binding = electronSqliteBinding(app.getAppPath())
    let db: Db
    try {
      db = openDatabase(databaseFile, binding ? { nativeBinding: binding } : {})
    } catch (error) {
      dialog.showErrorBox('Episcore cannot open its database', (error as Error).message)
      app.quit()
      return
    }
    const peaks = new PeaksCache(peaksFolderBeside(databaseFile))
    protocol.handle(MEDIA_SCHEME, (request) => answerMediaRequest(db, peaks, request))
    wireIpc(db, new FileRefs(), peaks)
    Menu.setApplicationMenu(buildMenu(() => mainWindow))
    mainWindow = createWindow()
    mainWindow.on('closed', () => (mainWindow = null))
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) mainWindow = createWindow()
    })
    app.on('will-quit', () => db.close())
  })
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
}
