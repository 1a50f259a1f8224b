import { fork, type ChildProcess } from 'node:child_process'
import { EventEmitter } from 'node:events'
import Module from 'node:module'
import path from 'node:path'

/**
 * A recording stand-in for the `electron` module, for loading the built main process (out/main) under
 * plain Node. It proves our wiring (what is registered, answered, sent and kept), not Electron's
 * behaviour: Electron's binary cannot be had on these machines. The core's utilityProcess is a real Node
 * child process running the built core, given Electron's `process.parentPort` over Node's IPC channel
 * (tests/parentPortStandIn.cjs: messages as `{ data }`, a process that lives until it exits).
 */

type Listener = (...args: never[]) => unknown

/** Gives a forked core Electron's `process.parentPort` (see the file). */
export const PARENT_PORT_STAND_IN = path.join(__dirname, 'parentPortStandIn.cjs')

export class FakeFrame {
  constructor(
    public url: string,
    readonly parent: FakeFrame | null = null,
  ) {}
}

export class FakeWebContents extends EventEmitter {
  readonly sent: unknown[][] = []
  reloads = 0
  readonly mainFrame = new FakeFrame('')
  readonly session = {
    setPermissionRequestHandler: (): void => undefined,
    setPermissionCheckHandler: (): void => undefined,
  }
  send(channel: string, ...args: unknown[]): void {
    if (this.owner.destroyed) throw new Error('Object has been destroyed')
    this.sent.push([channel, ...args])
  }
  reload(): void {
    this.reloads++
  }
  constructor(private readonly owner: FakeWindow) {
    super()
  }
}

export class FakeWindow extends EventEmitter {
  readonly webContents = new FakeWebContents(this)
  destroyed = false
  url: string | null = null
  focused = 0
  constructor(readonly options: { webPreferences?: Record<string, unknown>; icon?: string }) {
    super()
  }
  loadURL(url: string): Promise<void> {
    this.url = url
    this.webContents.mainFrame.url = url
    return Promise.resolve()
  }
  isDestroyed = (): boolean => this.destroyed
  isMinimized = (): boolean => false
  restore = (): void => undefined
  focus = (): void => void this.focused++
  show = (): void => undefined
  /** What the user's close does: 'close' (which may prevent it), then the window goes and says 'closed'. */
  close(): void {
    if (this.destroyed) return
    let prevented = false
    this.emit('close', { preventDefault: () => (prevented = true) })
    if (!prevented) this.destroy()
  }
  destroy(): void {
    this.destroyed = true
    this.emit('closed')
  }
}

export interface MenuItemTemplate {
  label?: string
  role?: string
  accelerator?: string
  type?: string
  submenu?: MenuItemTemplate[]
  click?: (item: unknown, window: unknown, event: { triggeredByAccelerator?: boolean }) => void
}

export interface ForkedCore {
  modulePath: string
  options: { env?: Record<string, string>; serviceName?: string }
  child: ChildProcess
  /** Times the shell ended it with kill() (a quit whose close did not come in time). */
  kills: number
}

export class ElectronStandIn {
  packaged = false
  ready = false
  readonly app = new EventEmitter()
  readonly calls: string[] = []
  readonly schemes: { scheme: string; privileges: Record<string, boolean>; beforeReady: boolean }[] = []
  readonly protocols = new Map<string, (request: Request) => Response | Promise<Response>>()
  readonly ipc = new Map<string, (event: unknown, ...args: unknown[]) => unknown>()
  readonly windows: FakeWindow[] = []
  readonly forks: ForkedCore[] = []
  readonly errorBoxes: string[] = []
  readonly messageBoxes: { message: string; detail: string; buttons: string[] }[] = []
  /** The button the next message box answers (its index); the box's cancel button when null. */
  messageBoxAnswer: number | null = null
  readonly openDialogs: { title?: string; defaultPath?: string }[] = []
  readonly paths = new Map<string, string>()
  menu: MenuItemTemplate[] | null = null
  name = 'episcore'
  quits = 0
  /** What the next open dialog answers. */
  chosenFile: string | null = null
  /** Where the Save dialog answers the file goes; null: the editor cancels it. */
  chosenSaveFile: string | null = null
  readonly saveDialogs: { defaultPath?: string }[] = []
  /** Chromium switches on the app's command line, as `app.commandLine` reads them (`no-sandbox`). */
  readonly switches = new Set<string>()
  /** The code `app.exit` was called with; null while it was not. */
  exitCode: number | null = null
  /** Each `app.relaunch` asked for, with its options. */
  readonly relaunches: { args?: string[] }[] = []
  /** What this launch handed to `requestSingleInstanceLock` for the running app. */
  singleInstanceData: unknown = undefined

  constructor(readonly appPath: string) {}

  /** The module as `require('electron')` sees it. */
  module(): Record<string, unknown> {
    const windows = this.windows
    let resolveReady: () => void = () => undefined
    const whenReady = new Promise<void>((resolve) => (resolveReady = resolve))
    Object.defineProperties(this.app, {
      isPackaged: { get: () => this.packaged, configurable: true },
      name: { get: () => this.name, configurable: true },
    })
    const app = Object.assign(this.app, {
      setName: (name: string) => void (this.name = name),
      setPath: (name: string, value: string) => void this.paths.set(name, value),
      getPath: (name: string) => this.paths.get(name) ?? path.join(this.appPath, name),
      getAppPath: () => this.appPath,
      requestSingleInstanceLock: (data?: unknown) => {
        this.singleInstanceData = data
        return true
      },
      commandLine: {
        hasSwitch: (name: string) => this.switches.has(name),
        getSwitchValue: () => '',
        appendSwitch: (name: string) => void this.switches.add(name),
      },
      exit: (code?: number) => void (this.exitCode = code ?? 0),
      relaunch: (options?: { args?: string[] }) => void this.relaunches.push({ ...options }),
      isReady: () => this.ready,
      whenReady: () => {
        // Ready once the module has finished loading, as Electron is after the main script's first run.
        setImmediate(() => {
          this.ready = true
          resolveReady()
        })
        return whenReady
      },
      quit: () => void this.quits++,
    })
    return {
      app,
      BrowserWindow: class extends FakeWindow {
        constructor(options: ConstructorParameters<typeof FakeWindow>[0]) {
          super(options)
          windows.push(this)
        }
      },
      protocol: {
        registerSchemesAsPrivileged: (schemes: { scheme: string; privileges: Record<string, boolean> }[]) => {
          for (const s of schemes) this.schemes.push({ ...s, beforeReady: !this.ready })
        },
        handle: (scheme: string, handler: (request: Request) => Response | Promise<Response>) =>
          void this.protocols.set(scheme, handler),
      },
      ipcMain: {
        handle: (channel: string, handler: (event: unknown, ...args: unknown[]) => unknown) =>
          void this.ipc.set(channel, handler),
      },
      Menu: {
        buildFromTemplate: (template: MenuItemTemplate[]) => template,
        setApplicationMenu: (menu: MenuItemTemplate[]) => void (this.menu = menu),
      },
      dialog: {
        showOpenDialog: (...args: unknown[]) => {
          const options = args.at(-1) as { title?: string; defaultPath?: string }
          this.openDialogs.push({ title: options.title, defaultPath: options.defaultPath })
          return Promise.resolve({
            canceled: !this.chosenFile,
            filePaths: this.chosenFile ? [this.chosenFile] : [],
          })
        },
        showMessageBox: (...args: unknown[]) => {
          const options = args.at(-1) as {
            message: string
            detail?: string
            buttons: string[]
            cancelId?: number
          }
          this.messageBoxes.push({
            message: options.message,
            detail: options.detail ?? '',
            buttons: options.buttons,
          })
          return Promise.resolve({ response: this.messageBoxAnswer ?? options.cancelId ?? 0 })
        },
        showSaveDialog: (...args: unknown[]) => {
          const options = args.at(-1) as { defaultPath?: string }
          this.saveDialogs.push({ defaultPath: options.defaultPath })
          return Promise.resolve(
            this.chosenSaveFile ? { canceled: false, filePath: this.chosenSaveFile } : { canceled: true },
          )
        },
        showErrorBox: (title: string, text: string) => void this.errorBoxes.push(`${title}: ${text}`),
      },
      shell: { openExternal: () => Promise.resolve() },
      utilityProcess: {
        fork: (modulePath: string, args: string[], options: ForkedCore['options']) => {
          // With Electron's parentPort (tests/parentPortStandIn.cjs), as a utilityProcess has it.
          const child = fork(modulePath, args, {
            env: options.env,
            stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
            execArgv: ['--require', PARENT_PORT_STAND_IN],
          })
          const forked: ForkedCore = { modulePath, options, child, kills: 0 }
          this.forks.push(forked)
          return {
            postMessage: (message: unknown) => child.send(message as object),
            on(event: string, listener: Listener) {
              if (event === 'exit')
                child.on('exit', (code) => (listener as (code: number) => void)(code ?? 0))
              else child.on(event, listener as (...args: unknown[]) => void)
              return this
            },
            kill: () => {
              forked.kills++
              return child.kill()
            },
          }
        },
      },
    }
  }

  /** Loads the built main process with this stand-in answering `require('electron')`. */
  loadMain(mainFile: string): void {
    const moduleInternals = Module as unknown as {
      _load(request: string, parent: unknown, isMain: boolean): unknown
      _cache: Record<string, unknown>
    }
    const electron = this.module()
    const original = moduleInternals._load
    moduleInternals._load = function (request, parent, isMain) {
      if (request === 'electron') return electron
      return original.call(this, request, parent, isMain)
    }
    try {
      const outDir = path.dirname(mainFile)
      for (const cached of Object.keys(moduleInternals._cache))
        if (cached.startsWith(outDir)) delete moduleInternals._cache[cached]
      Module.createRequire(mainFile)(mainFile)
    } finally {
      moduleInternals._load = original
    }
  }

  get window(): FakeWindow | undefined {
    return this.windows.filter((w) => !w.destroyed).at(-1)
  }

  /** Every menu item with a label, by label, at any depth. */
  menuItems(): Map<string, MenuItemTemplate> {
    const found = new Map<string, MenuItemTemplate>()
    const walk = (items: MenuItemTemplate[]): void => {
      for (const item of items) {
        if (item.label) found.set(item.label, item)
        if (item.submenu) walk(item.submenu)
      }
    }
    walk(this.menu ?? [])
    return found
  }

  /** Ends the core processes this stand-in started. */
  stopCores(): void {
    for (const { child } of this.forks) if (child.exitCode === null) child.kill()
  }
}
