import type {
  CoreAnswers,
  CoreMessage,
  CoreRequest,
  CoreRequestMessage,
  CoreStartMessage,
} from '../core/worker/coreMessages'
import { isStartMessage } from '../core/worker/coreMessages'

/** The core's process as the shell holds it: Electron's UtilityProcess has exactly this shape. */
export interface CoreChild {
  postMessage(message: CoreRequestMessage): void
  on(event: 'message', listener: (message: CoreMessage) => void): unknown
  on(event: 'exit', listener: (code: number) => void): unknown
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
const RESTARTS_PER_MINUTE = 3

/**
 * Talks to the core process: numbered requests, each settled by its reply. When the process dies, the
 * requests under way are refused with a sentence the editor can act on, and a new process is started
 * (committed edits are safe in SQLite); past a few deaths a minute `onBroken` is told instead.
 */
export class CoreClient {
  private child: CoreChild
  private nextId = 1
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>()
  private stopping = false
  private readonly deaths: number[] = []
  /** The latest process's start report. */
  started: Promise<CoreStartMessage>

  constructor(
    private readonly spawn: () => CoreChild,
    private readonly onBroken: (code: number) => void,
  ) {
    ;({ child: this.child, started: this.started } = this.launch())
  }

  private launch(): { child: CoreChild; started: Promise<CoreStartMessage> } {
    const child = this.spawn()
    const started = new Promise<CoreStartMessage>((resolve) => {
      child.on('message', (message) => {
        if (isStartMessage(message)) return resolve(message)
        const waiting = this.pending.get(message.id)
        if (!waiting) return
        this.pending.delete(message.id)
        if (message.ok) waiting.resolve(message.value)
        else waiting.reject(new CoreRefusal(message.message, message.notFound))
      })
      child.on('exit', (code) => {
        resolve({ kind: 'cannot-start', message: `the core process ended (exit code ${code})` })
        if (this.child === child) this.died(code)
      })
    })
    return { child, started }
  }

  private died(code: number): void {
    for (const waiting of this.pending.values())
      waiting.reject(new Error('Episcore’s core stopped unexpectedly and is being restarted; try again.'))
    this.pending.clear()
    if (this.stopping) return
    const now = Date.now()
    this.deaths.push(now)
    while ((this.deaths[0] ?? now) < now - 60_000) this.deaths.shift()
    if (this.deaths.length > RESTARTS_PER_MINUTE) return this.onBroken(code)
    ;({ child: this.child, started: this.started } = this.launch())
  }

  request<K extends CoreRequest['kind']>(
    request: Extract<CoreRequest, { kind: K }>,
  ): Promise<CoreAnswers[K]> {
    if (this.stopping) return Promise.reject(new Error('Episcore is quitting'))
    const id = this.nextId++
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject })
      this.child.postMessage({ id, ...request })
    })
  }

  /** Ends the process; it closes the database as it goes (SIGTERM). */
  stop(): void {
    this.stopping = true
    this.child.kill()
  }
}
