import { Worker } from 'node:worker_threads'
import type { ErrorCode } from '../../shared/result'
import { UserError } from '../errors'
import type { WorkerModule } from './workerModule'

/** A worker's answer as structured clone can carry it: a UserError loses its class on the way. */
export type ThreadReply<T> =
  { ok: true; value: T } | { ok: false; user: boolean; code: ErrorCode; message: string }

/** Runs `work` where the worker answers, turning what it throws into a reply. */
export function threadReply<T>(work: () => T): ThreadReply<T> {
  try {
    return { ok: true, value: work() }
  } catch (error) {
    const user = error instanceof UserError
    return { ok: false, user, code: user ? error.code : 'internal', message: (error as Error).message }
  }
}

/** The thread's code: it loads the module and answers each call with the function `entry` exports. */
const SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
if (workerData.loader) require(workerData.loader).register()
const answer = require(workerData.module)[workerData.entry]
parentPort.on('message', ({ id, input }) => parentPort.postMessage({ id, reply: answer(input) }))
`

type Pending<Out> = { resolve: (value: Out) => void; reject: (error: Error) => void }

/**
 * One worker thread for one kind of work, started at its first call and kept: starting a thread that
 * loads the core costs up to a second or more (most of it compiling where the sources run as
 * TypeScript), which every call would otherwise pay again. It answers calls in turn, never keeps the
 * process alive while idle, and one that fails is replaced at the next call. `entry` is the name of the
 * function the module exports that answers a call's input with a {@link ThreadReply}.
 */
export class KeptThread<In, Out> {
  private worker: Worker | null = null
  private readonly pending = new Map<number, Pending<Out>>()
  private nextId = 0

  constructor(
    private readonly where: WorkerModule,
    private readonly entry: string,
    /** What the work is, for the message when the thread stops: "the agreement's thread". */
    private readonly name: string,
  ) {}

  run(input: In): Promise<Out> {
    const worker = this.worker ?? this.start()
    const id = this.nextId++
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject })
      worker.ref()
      worker.postMessage({ id, input })
    })
  }

  private start(): Worker {
    const worker = new Worker(SOURCE, { eval: true, workerData: { ...this.where, entry: this.entry } })
    const fail = (error: Error): void => {
      if (this.worker === worker) this.worker = null
      for (const { reject } of this.pending.values()) reject(error)
      this.pending.clear()
    }
    worker.on('message', ({ id, reply }: { id: number; reply: ThreadReply<Out> }) => {
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
