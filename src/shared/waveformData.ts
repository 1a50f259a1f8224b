/**
 * BBC audiowaveform's binary `.dat` format (versions 1 and 2): min/max pairs per pixel, interleaved by
 * channel, little-endian. Read by the renderer to draw and by the core to check its cache.
 */
export interface WaveformData {
  version: 1 | 2
  bits: 8 | 16
  sampleRate: number
  samplesPerPixel: number
  channels: number
  /** Number of min/max pairs per channel. */
  length: number
  /** Interleaved [min, max] per pixel per channel, in the file's own range (8- or 16-bit). */
  data: Int8Array | Int16Array
}

export class WaveformFormatError extends Error {
  override name = 'WaveformFormatError'
}

const MAX_CHANNELS = 24

export function readWaveformData(bytes: ArrayBuffer | Uint8Array): WaveformData {
  const view =
    bytes instanceof Uint8Array
      ? new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
      : new DataView(bytes)
  const fail = (why: string): never => {
    throw new WaveformFormatError(`not a valid waveform file: ${why}`)
  }
  if (view.byteLength < 20) fail(`${view.byteLength} bytes is shorter than the 20-byte header`)
  const version = view.getInt32(0, true)
  if (version !== 1 && version !== 2) fail(`version ${version} is not supported (1 or 2)`)
  const headerSize = version === 2 ? 24 : 20
  if (view.byteLength < headerSize) fail(`${view.byteLength} bytes is shorter than the version 2 header`)
  const flags = view.getUint32(4, true)
  const bits = flags & 1 ? 8 : 16
  const sampleRate = view.getInt32(8, true)
  const samplesPerPixel = view.getInt32(12, true)
  const length = view.getUint32(16, true)
  const channels = version === 2 ? view.getInt32(20, true) : 1
  if (sampleRate <= 0) fail(`sample rate ${sampleRate} is too low`)
  if (samplesPerPixel < 2) fail(`samples per pixel ${samplesPerPixel} is too low (at least 2)`)
  if (channels < 1) fail(`${channels} channels is too few (at least 1)`)
  if (channels > MAX_CHANNELS) fail(`${channels} channels is too many (at most ${MAX_CHANNELS})`)
  const bytesPerValue = bits / 8
  const expected = length * channels * 2 * bytesPerValue
  const actual = view.byteLength - headerSize
  if (actual !== expected)
    fail(
      `the header announces ${length} points (${expected} bytes of data) but the file holds ${actual} bytes`,
    )
  const offset = view.byteOffset + headerSize
  const count = length * channels * 2
  // Copy so the result is aligned and owns its memory whatever buffer it came from.
  const source = new Uint8Array(view.buffer, offset, expected).slice()
  const data =
    bits === 8 ? new Int8Array(source.buffer, 0, count) : new Int16Array(littleEndianInt16(source), 0, count)
  return { version: version as 1 | 2, bits, sampleRate, samplesPerPixel, channels, length, data }
}

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1

function littleEndianInt16(bytes: Uint8Array): ArrayBuffer {
  if (LITTLE_ENDIAN) return bytes.buffer as ArrayBuffer
  for (let i = 0; i + 1 < bytes.length; i += 2) {
    const b = bytes[i] as number
    bytes[i] = bytes[i + 1] as number
    bytes[i + 1] = b
  }
  return bytes.buffer as ArrayBuffer
}

/** Header of a version 2, 16-bit file; the data follows as little-endian int16 pairs. */
export function waveformHeader(
  sampleRate: number,
  samplesPerPixel: number,
  length: number,
  channels = 1,
): Uint8Array {
  const header = new Uint8Array(24)
  const view = new DataView(header.buffer)
  view.setInt32(0, 2, true)
  view.setUint32(4, 0, true)
  view.setInt32(8, sampleRate, true)
  view.setInt32(12, samplesPerPixel, true)
  view.setUint32(16, length, true)
  view.setInt32(20, channels, true)
  return header
}

/**
 * Peaks of one channel as wavesurfer.js and the painters read them: min and max of each pixel in
 * turn, scaled to -1..1, or with `normalize` so that the loudest point reaches 1 (quiet recordings
 * still fill the view).
 */
export function channelPeaks(waveform: WaveformData, channel = 0, normalize = false): Float32Array {
  const { data, length } = waveform
  const stride = waveform.channels * 2
  const first = channel * 2
  let loudest = 0
  if (normalize)
    for (let i = first; i < data.length; i += stride) {
      // Magnitudes of both: a damaged file's pixel can hold a minimum above its maximum, which must
      // still scale into -1..1.
      const lo = Math.abs(data[i] as number)
      const hi = Math.abs(data[i + 1] as number)
      if (lo > loudest) loudest = lo
      if (hi > loudest) loudest = hi
    }
  const scale = 1 / (loudest > 0 ? loudest : waveform.bits === 8 ? 128 : 32768)
  const out = new Float32Array(length * 2)
  for (let p = 0, i = first; p < out.length; p += 2, i += stride) {
    out[p] = (data[i] as number) * scale
    out[p + 1] = (data[i + 1] as number) * scale
  }
  return out
}

/**
 * A coarser level of interleaved min/max peaks: `factor` pixels folded into one. Used for the overview
 * of the whole episode, so it never walks millions of points on each paint.
 */
export function reducePeaks(peaks: Float32Array, factor: number): Float32Array {
  const pairs = peaks.length >> 1
  const step = Math.max(1, Math.floor(factor))
  const out = new Float32Array(Math.ceil(pairs / step) * 2)
  for (let o = 0, i = 0; i < pairs; i += step, o += 2) {
    let min = 1
    let max = -1
    const end = Math.min(pairs, i + step)
    for (let j = i; j < end; j++) {
      const lo = peaks[j * 2] as number
      const hi = peaks[j * 2 + 1] as number
      if (lo < min) min = lo
      if (hi > max) max = hi
    }
    out[o] = min
    out[o + 1] = max
  }
  return out
}

export interface PeakLevel {
  pxPerSec: number
  peaks: Float32Array
}

/**
 * The peaks at several resolutions, each half the one before, down to a few thousand points: a view
 * draws from the coarsest level that still has a point per pixel, so a zoom step costs the same from
 * the whole episode down to 100 px/s. Levels are made when first asked for, or by `warm()` while the
 * page is idle.
 */
export class PeakPyramid {
  private readonly levels: Array<PeakLevel | undefined>

  constructor(peaks: Float32Array, durationSeconds: number, minPairs = 2048) {
    let count = 1
    while (peaks.length / 2 / 2 ** (count - 1) > minPairs * 2) count++
    this.levels = new Array<PeakLevel | undefined>(count)
    this.levels[0] = { pxPerSec: peaks.length / 2 / durationSeconds, peaks }
  }

  get finest(): PeakLevel {
    return this.levels[0] as PeakLevel
  }

  get coarsest(): PeakLevel {
    return this.level(this.levels.length - 1)
  }

  level(k: number): PeakLevel {
    const found = this.levels[k]
    if (found) return found
    let j = k - 1
    while (!this.levels[j]) j--
    const from = this.levels[j] as PeakLevel
    const made = { pxPerSec: from.pxPerSec / 2 ** (k - j), peaks: reducePeaks(from.peaks, 2 ** (k - j)) }
    this.levels[k] = made
    return made
  }

  /** The coarsest level with at least one point per pixel at `pxPerSec` (the finest when none has). */
  levelFor(pxPerSec: number): PeakLevel {
    const base = this.finest.pxPerSec
    const k = Math.max(0, Math.min(this.levels.length - 1, Math.floor(Math.log2(base / pxPerSec))))
    return this.level(k)
  }

  warm(): void {
    for (let k = 1; k < this.levels.length; k++) this.level(k)
  }
}
