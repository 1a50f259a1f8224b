import fs from 'node:fs'
import path from 'node:path'
import { waveformHeader } from '../../shared/waveformData'
import { UserError } from '../errors'
import { decoders } from './decoderPool'
import { ffmpegPath } from './tools'

function writeWaveform(file: string, sampleRate: number, samplesPerPixel: number, pairs: Int16Array): void {
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`
  try {
    const body = new Uint8Array(pairs.buffer, pairs.byteOffset, pairs.length * 2)
    fs.writeFileSync(
      tmp,
      Buffer.concat([waveformHeader(sampleRate, samplesPerPixel, pairs.length / 2), body]),
    )
    fs.renameSync(tmp, file)
  } catch (error) {
    fs.rmSync(tmp, { force: true })
    throw error
  }
}

export interface PeaksOptions {
  sampleRate: number
  durationSeconds: number
  pixelsPerSecond?: number
  signal?: AbortSignal
  onProgress?: (fraction: number) => void
  /** Also write the overview level (at most OVERVIEW_MAX_PAIRS points) to this file. */
  overviewFile?: string
  /** Given, as the decode starts, what it has folded so far: a page draws it while the rest comes. */
  onPartial?: (partial: PartialPeaks) => void
}

/** The full level's pairs a decode has folded so far: runs of them, each with the index of its first pair. */
export interface PartialPeaks {
  sampleRate: number
  samplesPerPixel: number
  runs(): ReadonlyArray<{ firstPair: number; pairs: Int16Array }>
}

export const DEFAULT_PIXELS_PER_SECOND = 100
/** The overview level: few enough points that a page paints the whole episode from it at once. */
export const OVERVIEW_MAX_PAIRS = 8192

/** Folds 16-bit samples into min/max pairs; keeps its state between chunks of any size. */
export class PeakFolder {
  pairs = new Int16Array(1 << 16)
  count = 0
  samples = 0
  private min = 32767
  private max = -32768
  private inPixel = 0

  constructor(readonly samplesPerPixel: number) {}

  fold(view: Int16Array): void {
    // Locals, not fields, in the hot loops: this runs for every sample of a multi-hour file.
    const spp = this.samplesPerPixel
    let min = this.min
    let max = this.max
    let i = 0
    // Finish the pixel the previous chunk began.
    if (this.inPixel > 0) {
      const end = Math.min(view.length, spp - this.inPixel)
      for (; i < end; i++) {
        const s = view[i] as number
        if (s < min) min = s
        if (s > max) max = s
      }
      this.inPixel += end
      if (this.inPixel < spp) {
        this.min = min
        this.max = max
        this.samples += view.length
        return
      }
      this.push(min, max)
    }
    // Whole pixels: a tight loop per pixel, with no per-sample bookkeeping.
    const whole = i + Math.floor((view.length - i) / spp) * spp
    for (; i < whole;) {
      min = 32767
      max = -32768
      const end = i + spp
      for (; i < end; i++) {
        const s = view[i] as number
        if (s < min) min = s
        if (s > max) max = s
      }
      this.push(min, max)
    }
    // The start of the next pixel.
    min = 32767
    max = -32768
    for (; i < view.length; i++) {
      const s = view[i] as number
      if (s < min) min = s
      if (s > max) max = s
    }
    this.inPixel = view.length - whole
    this.min = min
    this.max = max
    this.samples += view.length
  }

  /** A coarser copy: `factor` pairs folded into one, as 16-bit min/max pairs. */
  reduced(factor: number): Int16Array {
    const pairs = this.count / 2
    const out = new Int16Array(Math.ceil(pairs / factor) * 2)
    for (let o = 0, i = 0; i < pairs; i += factor, o += 2) {
      let min = 32767
      let max = -32768
      for (let j = i; j < Math.min(pairs, i + factor); j++) {
        min = Math.min(min, this.pairs[j * 2] as number)
        max = Math.max(max, this.pairs[j * 2 + 1] as number)
      }
      out[o] = min
      out[o + 1] = max
    }
    return out
  }

  finish(): void {
    if (this.inPixel > 0) this.push(this.min, this.max)
    this.inPixel = 0
    this.min = 32767
    this.max = -32768
  }

  private push(min: number, max: number): void {
    if (this.count + 2 > this.pairs.length) {
      const bigger = new Int16Array(this.pairs.length * 2)
      bigger.set(this.pairs)
      this.pairs = bigger
    }
    this.pairs[this.count++] = min
    this.pairs[this.count++] = max
  }
}

/**
 * Decodes the media's audio with ffmpeg as a stream of mono 16-bit samples and folds it into min/max
 * pairs as it arrives, so memory stays constant whatever the length (a 3-hour file holds ~4 MB of
 * peaks). Writes BBC audiowaveform v2 files (the full level and, if asked, the overview level) through
 * temporary files, so a cancelled or failed run leaves nothing behind.
 */
export function computePeaks(media: string, outFile: string, options: PeaksOptions): Promise<void> {
  // However many episodes ask at once, no more decoders run than there are cores.
  return decoders.run(() => decodePeaks(media, outFile, options), options.signal)
}

async function decodePeaks(media: string, outFile: string, options: PeaksOptions): Promise<void> {
  const pps = options.pixelsPerSecond ?? DEFAULT_PIXELS_PER_SECOND
  const folder = new PeakFolder(Math.max(2, Math.round(options.sampleRate / pps)))
  const expectedSamples = options.durationSeconds * options.sampleRate
  if (options.signal?.aborted) throw new UserError('conflict', 'waveform computation cancelled')
  options.onPartial?.({
    sampleRate: options.sampleRate,
    samplesPerPixel: folder.samplesPerPixel,
    // One pass folds from the start: one run, as long as what has been decoded.
    runs: () => [{ firstPair: 0, pairs: folder.pairs.subarray(0, folder.count) }],
  })

  // Loaded on the first decode, not at every start of the command line (see runTool).
  const { spawn } = await import('node:child_process')
  const child = spawn(
    ffmpegPath(),
    [
      ...['-v', 'error', '-nostdin', '-i', media, '-vn', '-sn', '-dn', '-ac', '1'],
      // Large packets: one pipe read per 64k samples instead of one per codec frame.
      ...['-af', 'asetnsamples=n=65536:p=0', '-f', 's16le', '-acodec', 'pcm_s16le', '-'],
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  const abort = (): void => {
    child.kill('SIGKILL')
  }
  options.signal?.addEventListener('abort', abort, { once: true })
  const errors: Buffer[] = []
  child.stderr.on('data', (b: Buffer) => errors.push(b))
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve))
  let carry: Buffer | null = null
  let lastReported = -1

  try {
    for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
      let bytes: Buffer = carry ? Buffer.concat([carry, chunk]) : chunk
      carry = null
      if (bytes.length % 2 === 1) {
        carry = bytes.subarray(bytes.length - 1)
        bytes = bytes.subarray(0, bytes.length - 1)
      }
      // s16le is little-endian, as every platform Electron runs on; an odd offset needs a copy to align.
      if (bytes.byteOffset % 2 === 1) bytes = Buffer.from(bytes)
      folder.fold(new Int16Array(bytes.buffer, bytes.byteOffset, bytes.length >> 1))
      if (options.onProgress && expectedSamples > 0) {
        const percent = Math.min(99, Math.floor((folder.samples / expectedSamples) * 100))
        if (percent !== lastReported) {
          lastReported = percent
          options.onProgress(percent / 100)
        }
      }
    }
    const code = await exited
    if (options.signal?.aborted) throw new UserError('conflict', 'waveform computation cancelled')
    if (code !== 0) {
      const why = Buffer.concat(errors).toString('utf8').trim().split('\n').pop() ?? `exit code ${code}`
      throw new UserError('invalid-input', `cannot decode ${path.basename(media)}: ${why}`)
    }
    folder.finish()
    if (folder.count === 0)
      throw new UserError('invalid-input', `${path.basename(media)} holds no audio samples`)
    fs.mkdirSync(path.dirname(outFile), { recursive: true })
    if (options.overviewFile) {
      const factor = Math.max(1, Math.ceil(folder.count / 2 / OVERVIEW_MAX_PAIRS))
      writeWaveform(
        options.overviewFile,
        options.sampleRate,
        folder.samplesPerPixel * factor,
        folder.reduced(factor),
      )
    }
    // The full level last: its presence is what marks the peaks as done.
    writeWaveform(outFile, options.sampleRate, folder.samplesPerPixel, folder.pairs.subarray(0, folder.count))
    options.onProgress?.(1)
  } finally {
    options.signal?.removeEventListener('abort', abort)
    if (child.exitCode === null) child.kill('SIGKILL')
  }
}
