import path from 'node:path'
import { UserError } from '../errors'
import type { PeakFolder } from './peakFolder'
import { decoders } from './decoderPool'
import { MARGIN_SECONDS, type PeakRange } from './peakRanges'
import { reusedReadSocket } from './reusedReadSocket'
import { cannotRun } from './toolFailure'
import { ffmpegPath } from './tools'

export interface RangeSamples {
  /** The samples just before `keepFrom` (the compared end of the overlap); empty for the first range. */
  before: Int16Array
  /** The last kept samples, up to `keepTo`; empty for the last range. */
  end: Int16Array
  /** Whether ffmpeg gave every sample the range keeps. */
  complete: boolean
}

const seconds = (sample: number, sampleRate: number): string => (sample / sampleRate).toFixed(6)

/** Copies the part of a chunk at [at, at + chunk.length) that falls in [from, from + into.length). */
function copyWindow(chunk: Int16Array, at: number, into: Int16Array, from: number): void {
  const start = Math.max(at, from)
  const stop = Math.min(at + chunk.length, from + into.length)
  if (stop > start) into.set(chunk.subarray(start - at, stop - at), start - from)
}

/**
 * Decodes one range of the media's audio with ffmpeg (waiting for a slot in the one pool of
 * decoders) as mono 16-bit samples and folds the samples it keeps into `folder` as they arrive.
 * Keeps `compared` samples on each side of the range's edges for the overlap check. The whole file
 * is the range { seekSample: 0, keepFrom: 0, keepTo: null }.
 */
export function decodeRange(...job: Parameters<typeof runDecoder>): Promise<RangeSamples> {
  const signal = job[5]
  return decoders.run(() => runDecoder(...job), signal)
}

/** One decode, once the pool gave it a slot: see decodeRange. */
async function runDecoder(
  media: string,
  range: PeakRange,
  sampleRate: number,
  compared: number,
  folder: PeakFolder,
  signal: AbortSignal | undefined,
  onSamples: (kept: number) => void,
): Promise<RangeSamples> {
  if (signal?.aborted) throw cancelled()
  // Positions below are counted from the decode's first sample, `seekSample`.
  const keepFrom = range.keepFrom - range.seekSample
  const keepTo = range.keepTo === null ? Infinity : range.keepTo - range.seekSample
  const before = new Int16Array(range.seekSample === 0 ? 0 : Math.min(compared, keepFrom))
  const end = new Int16Array(range.keepTo === null ? 0 : Math.min(compared, keepTo - keepFrom))
  const seek: string[] = []
  if (range.seekSample > 0) seek.push('-ss', seconds(range.seekSample, sampleRate))
  // Input-side -t (with -ss) cuts the decoded samples, past a margin so that a rounded cut never falls short.
  if (range.keepTo !== null)
    seek.push('-t', seconds(keepTo + Math.round(MARGIN_SECONDS * sampleRate), sampleRate))

  let carry: Buffer | null = null
  let at = 0
  // One call per read, no promise per chunk (an hour is ~9,000 reads). The chunk is the caller's to
  // reuse once this returns: what is kept of it is copied.
  const take = (chunk: Buffer): void => {
    let bytes: Buffer = carry ? Buffer.concat([carry, chunk]) : chunk
    carry = null
    if (bytes.length % 2 === 1) {
      carry = Buffer.from(bytes.subarray(bytes.length - 1))
      bytes = bytes.subarray(0, bytes.length - 1)
    }
    // s16le is little-endian, as every platform Electron runs on; an odd offset needs a copy to align.
    if (bytes.byteOffset % 2 === 1) bytes = Buffer.from(bytes)
    const samples = new Int16Array(bytes.buffer, bytes.byteOffset, bytes.length >> 1)
    if (at < keepFrom) copyWindow(samples, at, before, keepFrom - before.length)
    const from = Math.max(at, keepFrom)
    const to = Math.min(at + samples.length, keepTo)
    if (to > from) {
      folder.fold(samples.subarray(from - at, to - at))
      if (end.length > 0) copyWindow(samples, at, end, keepTo - end.length)
      onSamples(to - from)
    }
    at += samples.length
  }

  // Read into one buffer over and over where the platform allows (see reusedReadSocket), else a pipe.
  const output = await reusedReadSocket(take)
  // Loaded on the first decode, not at every start of the command line (see runTool).
  const { spawn } = await import('node:child_process')
  const ffmpeg = ffmpegPath()
  const child = spawn(
    ffmpeg,
    [
      ...['-v', 'error', '-nostdin', ...seek, '-i', media, '-vn', '-sn', '-dn', '-ac', '1'],
      // Large packets: one read per 64k samples instead of one per codec frame.
      ...['-af', 'asetnsamples=n=65536:p=0', '-f', 's16le', '-acodec', 'pcm_s16le', '-'],
    ],
    { stdio: ['ignore', output?.childEnd ?? 'pipe', 'pipe'] },
  )
  // The child holds its own copy of the socket's end: the one here would keep the reader from its end.
  output?.childEnd.destroy()
  const abort = (): void => {
    child.kill('SIGKILL')
  }
  signal?.addEventListener('abort', abort, { once: true })
  const errors: Buffer[] = []
  child.stderr?.on('data', (b: Buffer) => errors.push(b))
  // A program that cannot be started (gone, quarantined, too many open files) is told by an 'error'
  // event, and 'close' follows; unlistened, that event would end the whole core.
  const spawned: { failure: Error | null } = { failure: null }
  child.on('error', (error) => {
    if (child.pid === undefined) spawned.failure = error
  })
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve))
  if (!output) child.stdout?.on('data', take)

  try {
    const code = await exited
    if (spawned.failure) throw cannotRun(ffmpeg, spawned.failure)
    // Every byte the child wrote, read.
    const unread = output ? await output.ended : null
    if (unread && !signal?.aborted) throw unread
    if (signal?.aborted) throw cancelled()
    if (code !== 0) {
      const why = Buffer.concat(errors).toString('utf8').trim().split('\n').pop() ?? `exit code ${code}`
      throw new UserError('invalid-input', `cannot decode ${path.basename(media)}: ${why}`)
    }
    // The last range must give samples past its start; the others, every sample up to their end.
    return { before, end, complete: range.keepTo === null ? at > keepFrom : at >= keepTo }
  } finally {
    signal?.removeEventListener('abort', abort)
    if (child.exitCode === null) child.kill('SIGKILL')
    output?.close()
  }
}

export const cancelled = (): UserError => new UserError('conflict', 'waveform computation cancelled')
