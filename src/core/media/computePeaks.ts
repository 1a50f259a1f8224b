import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { waveformHeader } from '../../shared/waveformData'
import { UserError } from '../errors'
import { ffmpegPath } from './tools'

export interface PeaksOptions {
  sampleRate: number
  durationSeconds: number
  pixelsPerSecond?: number
  signal?: AbortSignal
  onProgress?: (fraction: number) => void
}

export const DEFAULT_PIXELS_PER_SECOND = 100

/**
 * Decodes the media's audio with ffmpeg as a stream of mono 16-bit samples and folds it into min/max
 * pairs as it arrives, so memory stays constant whatever the length. Writes a BBC audiowaveform v2
 * file to `outFile` (via a temporary file, so a cancelled or failed run leaves nothing behind).
 */
export async function computePeaks(media: string, outFile: string, options: PeaksOptions): Promise<void> {
  const pps = options.pixelsPerSecond ?? DEFAULT_PIXELS_PER_SECOND
  const samplesPerPixel = Math.max(2, Math.round(options.sampleRate / pps))
  const expectedSamples = options.durationSeconds * options.sampleRate
  let out = new Int16Array(1 << 16)
  let count = 0
  let min = 32767
  let max = -32768
  let inPixel = 0
  let samples = 0
  let carry: number | null = null
  let lastReported = -1

  const pushPair = (): void => {
    if (count + 2 > out.length) {
      const bigger = new Int16Array(out.length * 2)
      bigger.set(out)
      out = bigger
    }
    out[count++] = min
    out[count++] = max
    min = 32767
    max = -32768
    inPixel = 0
  }

  const child = spawn(
    ffmpegPath(),
    [
      '-v',
      'error',
      '-nostdin',
      '-i',
      media,
      '-vn',
      '-sn',
      '-dn',
      '-ac',
      '1',
      '-f',
      's16le',
      '-acodec',
      'pcm_s16le',
      '-',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  const abort = (): void => {
    child.kill('SIGKILL')
  }
  options.signal?.addEventListener('abort', abort, { once: true })
  const errors: Buffer[] = []
  child.stderr.on('data', (b: Buffer) => errors.push(b))

  try {
    for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
      let offset = 0
      if (carry !== null) {
        const sample = ((chunk[0] as number) << 8) | carry
        fold((sample << 16) >> 16)
        carry = null
        offset = 1
      }
      const whole = Math.floor((chunk.length - offset) / 2)
      for (let i = 0; i < whole; i++) fold(chunk.readInt16LE(offset + i * 2))
      if ((chunk.length - offset) % 2 === 1) carry = chunk[chunk.length - 1] as number
      if (options.onProgress && expectedSamples > 0) {
        const percent = Math.min(99, Math.floor((samples / expectedSamples) * 100))
        if (percent !== lastReported) {
          lastReported = percent
          options.onProgress(percent / 100)
        }
      }
    }
    const code: number | null = await new Promise((resolve) => {
      if (child.exitCode !== null) resolve(child.exitCode)
      else child.on('close', resolve)
    })
    if (options.signal?.aborted) throw new UserError('conflict', 'waveform computation cancelled')
    if (code !== 0) {
      const why = Buffer.concat(errors).toString('utf8').trim().split('\n').pop() ?? `exit code ${code}`
      throw new UserError('invalid-input', `cannot decode ${path.basename(media)}: ${why}`)
    }
    if (inPixel > 0) pushPair()
    if (count === 0) throw new UserError('invalid-input', `${path.basename(media)} holds no audio samples`)
    const tmp = `${outFile}.${process.pid}.tmp`
    fs.mkdirSync(path.dirname(outFile), { recursive: true })
    const body = new Uint8Array(out.buffer, 0, count * 2)
    fs.writeFileSync(
      tmp,
      Buffer.concat([waveformHeader(options.sampleRate, samplesPerPixel, count / 2), body]),
    )
    fs.renameSync(tmp, outFile)
    options.onProgress?.(1)
  } finally {
    options.signal?.removeEventListener('abort', abort)
    if (child.exitCode === null) child.kill('SIGKILL')
  }

  function fold(sample: number): void {
    if (sample < min) min = sample
    if (sample > max) max = sample
    samples++
    if (++inPixel === samplesPerPixel) pushPair()
  }
}
