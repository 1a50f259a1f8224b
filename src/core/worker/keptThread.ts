import { getCompileCacheDir } from 'node:module'
import { Worker } from 'node:worker_threads'
import type { ErrorCode } from '../../shared/result'
import { sqliteUserError } from '../db/sqliteErrors'
import { UserError } from '../errors'
import type { WorkerModule } from './workerModule'

/** A worker's answer as structured clone can carry it: a UserError loses its class on the way. */
export type ThreadReply<T> =
  { ok: true; value: T } | { ok: false; user: boolean; code: ErrorCode; message: string }

/**
 * Runs `work` where the worker answers, turning what it throws into a reply: a SQLite failure the editor
 * can do something about (a busy or full database) as the door says it, since its class is lost too.
 */
export function threadReply<T>(work: () => T): ThreadReply<T> {
  try {
    return { ok: true, value: work() }
  } catch (error) {
    const user = error instanceof UserError ? error : sqliteUserError(error)
    return user
      ? { ok: false, user: true, code: user.code, message: user.message }
      : { ok: false, user: false, code: 'internal', message: (error as Error).message }
  }
}

/** The thread's code: it loads the module and answers each call with the function the call names. */
const SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
if (workerData.compileCache) require('node:module').enableCompileCache?.(workerData.compileCache)
if (workerData.loader) require(workerData.loader).register()
const answers = require(workerData.module)
parentPort.on('message', ({ id, entry, input }) => parentPort.postMessage({ id, reply: answers[entry](input) }))
`

type Pending<Out> = { resolve: (value: Out) => void; reject: (error: Error) => void }

/**
 * One worker thread for one module's work, started at its first call and kept: starting a thread that
 * loads the core costs up to a second or more (most of it compiling where the sources run as
 * TypeScript), which every call would otherwise pay again. It answers calls in turn, never keeps the
 * process alive while idle, and one that fails is replaced at the next call. Each call names the
 * function of the module that answers its input with a {@link ThreadReply}.
 */
export class KeptThread<Entries extends Record<string, (input: never) => ThreadReply<unknown>>> {
  private worker: Worker | null = null
  private readonly pending = new Map<number, Pending<unknown>>()
  private nextId = 0

  constructor(
    private readonly where: WorkerModule,
    /** What the work is, for the message when the thread stops: "the agreement's thread". */
    private readonly name: string,
  ) {}

  /** Whether the thread is running: started by a call, and not failed since. */
  get running(): boolean {
    return this.worker !== null
  }

  run<E extends keyof Entries & string>(
    entry: E,
    input: Parameters<Entries[E]>[0],
  ): Promise<ReturnType<Entries[E]> extends ThreadReply<infer T> ? T : never> {
    const worker = this.worker ?? this.start()
    const id = this.nextId++
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject })
      worker.ref()
      worker.postMessage({ id, entry, input })
    })
  }

  private start(): Worker {
    // The process's compile cache, where it keeps one (the command line does): Node does not pass it to
    // a thread, which would compile its module again at every start (a third of the thread's start).
    const workerData = { ...this.where, compileCache: getCompileCacheDir?.() }
    const worker = new Worker(SOURCE, { eval: true, workerData })
    const fail = (error: Error): void => {
      if (this.worker === worker) this.worker = null
      for (const { reject } of this.pending.values()) reject(error)
      this.pending.clear()
    }
    worker.on('message', ({ id, reply }: { id: number; reply: ThreadReply<unknown> }) => {
      const waiting = this.pending.get(id)
      this.pending.delete(id)
      if (this.pending.size === 0) worker.unref()
      if (!waiting) return
      if (reply.ok) waiting.resolve(reply.value)
      else waiting.reject(reply.user ? new UserError(reply.code, reply.message) : new Error(reply.message))
    })
    worker.once('error', fail)
    worker.once('exit', (code) => fail(new Error(`${this.name} stopped (exit code ${code})`)))
    this.worker = worker
    return worker
  }
}
