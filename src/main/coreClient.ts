import type {
  CoreAnswers,
  CoreMessage,
  CoreRequest,
  CoreRequestMessage,
  CoreStartMessage,
} from '../core/worker/coreMessages'
import { isStartMessage } from '../core/worker/coreMessages'
import { newFileRef, newOutputRef } from '../core/service/fileRefs'

/** The core's process as the shell holds it: Electron's UtilityProcess has exactly this shape. */
export interface CoreChild {
  postMessage(message: CoreRequestMessage): void
  on(event: 'message', listener: (message: CoreMessage) => void): unknown
  on(event: 'exit', listener: (code: number) => void): unknown
  /**
   * A fatal V8 error in the process (Electron 45, UtilityProcess 'error': "the exit event will be
   * emitted after the child process terminates"). Unlistened, it is thrown in the main process.
   */
  on(event: 'error', listener: (type: string, location: string, report: string) => void): unknown
  kill(): boolean
}

/** A request the core refused; `notFound` for an unknown episode or file, as a 404 answers it. */
export class CoreRefusal extends Error {
  constructor(
    message: string,
    readonly notFound: boolean,
  ) {
    super(message)
  }
}

/** Restarts allowed within a minute before the core is taken to be broken rather than unlucky. */
export const RESTARTS_PER_MINUTE = 3
/** How long a quit waits for the core to close its database before ending it. */
export const CLOSE_WAIT_MS = 5000

/** Why the core is not serving: shown to the editor once, with the ways out. */
export interface CoreDown {
  reason: string
  /** True when it kept stopping (more than {@link RESTARTS_PER_MINUTE} a minute), false when it could not start. */
  crashing: boolean
}

/** What the shell starts the core with: another database, or the library's recovery of this one. */
export interface CoreLaunch {
  databaseFile?: string
  recovering?: boolean
  /** Set once a core has served this database: a core started again must find it where it was. */
  mustExist?: boolean
}

type Spawn = (launch: CoreLaunch) => CoreChild

/**
 * Talks to the core process: numbered requests, each settled by its reply. Requests wait for the
 * process's start report; when it cannot start (its database cannot be opened) or dies too often,
 * `onDown` is told once and every request is refused with the reason until `restart`. A process that
 * dies now and then is started again (committed edits are safe in SQLite), with the files the editor
 * chose registered again under the same handles.
 */
export class CoreClient {
  private child!: CoreChild
  private nextId = 1
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>()
  /** Requests posted before the process said it started. */
  private queued: CoreRequestMessage[] = []
  private state: 'starting' | 'serving' | 'down' | 'stopping' = 'starting'
  private down: CoreDown | null = null
  private readonly deaths: number[] = []
  /** The files the editor chose, by handle: kept here so that a restarted core knows them too. */
  private readonly files = new Map<string, string>()
  private launchOptions: CoreLaunch = {}
  private childRunning = false
  /** The latest process's start report. */
  started!: Promise<CoreStartMessage>

  constructor(
    private readonly spawn: Spawn,
    private readonly onDown: (down: CoreDown) => void,
  ) {
    this.launch()
  }

  private launch(): void {
    const child = this.spawn(this.launchOptions)
    this.child = child
    this.childRunning = true
    this.state = 'starting'
    this.started = new Promise<CoreStartMessage>((resolve) => {
      child.on('message', (message) => {
        if (this.child !== child) return
        if (isStartMessage(message)) {
          resolve(message)
          if (message.kind === 'started') {
            this.launchOptions = { ...this.launchOptions, mustExist: true }
            if (this.state === 'starting') this.serving()
          } else this.goDown({ reason: message.message, crashing: false })
          return
        }
        const waiting = this.pending.get(message.id)
        if (!waiting) return
        this.pending.delete(message.id)
        if (message.ok) waiting.resolve(message.value)
        else waiting.reject(new CoreRefusal(message.message, message.notFound))
      })
      // Logged, not shown: its 'exit' follows, and the core is started again as after any crash.
      child.on('error', (type, location) =>
        console.error(`episcore: the core process ended on a ${type} at ${location}; starting it again`),
      )
      child.on('exit', (code) => {
        resolve({ kind: 'cannot-start', message: `the core process ended (exit code ${code})` })
        if (this.child !== child) return
        this.childRunning = false
        this.exited(code)
      })
    })
  }

  private serving(): void {
    this.state = 'serving'
    // The handles first: a request queued meanwhile may name one.
    for (const [ref, path] of this.files)
      this.child.postMessage({ id: this.nextId++, kind: 'registerFile', ref, path })
    const queued = this.queued
    this.queued = []
    for (const message of queued) this.child.postMessage(message)
  }

  private goDown(down: CoreDown): void {
    if (this.state === 'down' || this.state === 'stopping') return
    this.state = 'down'
    this.down = down
    this.refuseAll(this.downError())
    this.onDown(down)
  }

  private downError(): Error {
    return new Error(`Episcore cannot use its database: ${this.down?.reason ?? 'the core is not running'}`)
  }

  private refuseAll(error: Error): void {
    for (const waiting of this.pending.values()) waiting.reject(error)
    this.pending.clear()
    this.queued = []
  }

  private exited(code: number): void {
    // A core that could not start ends on purpose, after saying why: it is not started again.
    if (this.state === 'down' || this.state === 'stopping') return
    this.refuseAll(new Error('Episcore’s core stopped unexpectedly and is being restarted; try again.'))
    const now = Date.now()
    this.deaths.push(now)
    while ((this.deaths[0] ?? now) < now - 60_000) this.deaths.shift()
    if (this.deaths.length > RESTARTS_PER_MINUTE)
      return this.goDown({
        reason: `Episcore’s core stopped ${this.deaths.length} times within a minute (last exit code ${code}). Your saved work is in the database.`,
        crashing: true,
      })
    this.launch()
  }

  /** Starts the core again after it went down: on another database, or recovering this one. */
  restart(launch: CoreLaunch): void {
    if (this.state !== 'down') return
    // A recovery lists the backups of a database that is not there: it never makes an empty one in its place.
    this.launchOptions = launch.recovering ? { ...launch, mustExist: true } : launch
    this.down = null
    this.deaths.length = 0
    this.launch()
  }

  request<K extends CoreRequest['kind']>(
    request: Extract<CoreRequest, { kind: K }>,
  ): Promise<CoreAnswers[K]> {
    if (this.state === 'stopping') return Promise.reject(new Error('Episcore is quitting'))
    if (this.state === 'down') return Promise.reject(this.downError())
    const id = this.nextId++
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject })
      const message = { id, ...request } as CoreRequestMessage
      if (this.state === 'starting') this.queued.push(message)
      else this.child.postMessage(message)
    })
  }

  /** A file the editor chose: its handle, which this shell keeps for every core it starts. */
  async registerFile(path: string): Promise<string> {
    const ref = newFileRef()
    const registered = await this.request({ kind: 'registerFile', path, ref })
    this.files.set(ref, path)
    return registered
  }

  /** A folder (or file) the editor chose to write to: a handle good only for writing, kept like a file's. */
  async registerOutput(path: string): Promise<string> {
    const ref = newOutputRef()
    const registered = await this.request({ kind: 'registerFile', path, ref })
    this.files.set(ref, path)
    return registered
  }

  /**
   * Asks the core to close its database and end, and ends it after `waitMs` if it has not: on Windows
   * a kill is TerminateProcess, which runs no handler at all. Settles once the process is gone.
   */
  close(waitMs = CLOSE_WAIT_MS): Promise<void> {
    const was = this.state
    this.state = 'stopping'
    this.refuseAll(new Error('Episcore is quitting'))
    if (!this.childRunning) return Promise.resolve()
    const child = this.child
    const gone = new Promise<void>((resolve) => child.on('exit', () => resolve()))
    const askToClose = (): void => child.postMessage({ id: this.nextId++, kind: 'close' })
    if (was === 'serving') askToClose()
    // A core still starting may be migrating the database: asked once it serves, it closes after the
    // migration's transaction instead of being cut off inside it (the wait below still bounds it).
    else if (was === 'starting') void this.started.then((report) => report.kind === 'started' && askToClose())
    else child.kill()
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        child.kill()
        resolve()
      }, waitMs)
    })
    return Promise.race([gone, late]).finally(() => clearTimeout(timer))
  }
}
