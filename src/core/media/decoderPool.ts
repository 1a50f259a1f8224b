import os from 'node:os'
import { UserError } from '../errors'

/**
 * Decoding is CPU-bound: more ffmpeg processes than cores only share the cores, and each holds its
 * own buffers meanwhile. Every decode of the core (each range of a file's peaks, a media file's
 * decodable length) takes a slot here first, so opening ten episodes at once decodes a core's worth
 * at a time, the rest queued in the order asked.
 */
export class DecoderPool {
  private running = 0
  private readonly waiting: (() => void)[] = []

  constructor(readonly size: number) {}

  /** How many decodes run now, and how many wait. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length }
  }

  /** Runs `decode` once a slot is free; aborted while it waits, it never starts. */
  async run<T>(decode: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    await this.slot(signal)
    try {
      return await decode()
    } finally {
      this.running--
      this.waiting.shift()?.()
    }
  }

  private slot(signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(cancelled())
    if (this.running < this.size) {
      this.running++
      return Promise.resolve()
    }
    return new Promise((resolve, reject) => {
      const start = (): void => {
        signal?.removeEventListener('abort', giveUp)
        this.running++
        resolve()
      }
      const giveUp = (): void => {
        const at = this.waiting.indexOf(start)
        if (at >= 0) this.waiting.splice(at, 1)
        reject(cancelled())
      }
      signal?.addEventListener('abort', giveUp, { once: true })
      this.waiting.push(start)
    })
  }
}

const cancelled = (): UserError => new UserError('conflict', 'waveform computation cancelled')

/** Past four decoders the fold of their samples, on one thread, becomes the limit. */
export const MAX_DECODERS = 4

/** The one pool of the process: as many decoders as cores, at most MAX_DECODERS. */
export const decoders = new DecoderPool(Math.max(1, Math.min(os.availableParallelism(), MAX_DECODERS)))
