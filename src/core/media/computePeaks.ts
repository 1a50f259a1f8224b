import fs from 'node:fs'
import path from 'node:path'
import { waveformHeader } from '../../shared/waveformData'
import { formatClock } from '../../shared/time'
import { UserError } from '../errors'
import { LENGTH_TOLERANCE_SECONDS } from './decodedLength'
import { decoders, MAX_DECODERS } from './decoderPool'
import { cancelled, decodeRange, type RangeSamples } from './decodeRange'
import { PeakFolder, reducedPairs } from './peakFolder'
import {
  alignedSamples,
  comparedSamples,
  convergenceAfterSeek,
  planRanges,
  sameSamples,
  type PeakRange,
} from './peakRanges'

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
  /** ffprobe's name of the audio codec: only codecs known to decode alike after a seek go in ranges. */
  audioCodec?: string
  /** This many ranges (default: the pool's slots; at most MAX_DECODERS); 1 decodes in one pass. */
  ranges?: number
  /** Media shorter than two ranges of this length is decoded in one pass (MIN_RANGE_SECONDS). */
  minRangeSeconds?: number
  /**
   * Given, as each decode starts (ranges, or a pass after them), what it has folded so far: a page
   * draws it while the rest comes.
   */
  onPartial?: (partial: PartialPeaks) => void
  /**
   * The size and modification time the file had when it was checked to be the episode's media: a file
   * found otherwise once decoded (replaced or cut short while it was read) leaves no peaks.
   */
  checkedStat?: { sizeBytes: number; mtimeMs: number }
  /**
   * How long the media decoded when it was linked: a decode that falls short of it by more than a
   * declared length may (twice LENGTH_TOLERANCE_SECONDS) read a file cut short since, and leaves no peaks.
   */
  expectedSeconds?: number
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

/** How the peaks were decoded: in `ranges` side by side, or in one pass (1). */
export interface PeaksRun {
  ranges: number
  /** Why ranges planned were given up for one pass (an overlap that did not match, a range that failed). */
  fellBack: string | null
}

/**
 * Decodes the media's audio with ffmpeg as mono 16-bit samples and folds it into min/max pairs as it
 * arrives, so memory stays constant whatever the length (a 3-hour file holds ~4 MB of peaks). Media
 * long enough is decoded in ranges side by side, as many as the pool of decoders has slots (see
 * peakRanges); where an overlap does not match, the file is decoded again in one pass. Writes BBC
 * audiowaveform v2 files (the full level and, if asked, the overview level) through temporary files,
 * so a cancelled, failed or crashed run leaves nothing that reads as done.
 */
export async function computePeaks(media: string, outFile: string, options: PeaksOptions): Promise<PeaksRun> {
  const pps = options.pixelsPerSecond ?? DEFAULT_PIXELS_PER_SECOND
  const spp = Math.max(2, Math.round(options.sampleRate / pps))
  if (options.signal?.aborted) throw cancelled()
  const convergence = options.audioCodec === undefined ? null : convergenceAfterSeek(options.audioCodec)
  const plan =
    convergence !== null
      ? planRanges(
          options.durationSeconds,
          options.sampleRate,
          spp,
          Math.min(options.ranges ?? decoders.size, MAX_DECODERS),
          options.minRangeSeconds,
        )
      : null
  let pairs: Int16Array | null = null
  let fellBack: string | null = null
  if (plan) {
    const matches = convergence === 'noise' ? alignedSamples : sameSamples
    const inRanges = await decodeInRanges(media, plan, spp, options, matches)
    if (typeof inRanges === 'string') fellBack = inRanges
    else pairs = inRanges
  }
  if (!pairs) pairs = await decodeOnePass(media, spp, options)
  if (pairs.length === 0)
    throw new UserError('invalid-input', `${path.basename(media)} holds no audio samples`)
  checkDecodedWhole(media, (pairs.length / 2) * (spp / options.sampleRate), options)

  fs.mkdirSync(path.dirname(outFile), { recursive: true })
  if (options.overviewFile) {
    const factor = Math.max(1, Math.ceil(pairs.length / 2 / OVERVIEW_MAX_PAIRS))
    writeWaveform(options.overviewFile, options.sampleRate, spp * factor, reducedPairs(pairs, factor))
  }
  // The full level last: its presence is what marks the peaks as done.
  writeWaveform(outFile, options.sampleRate, spp, pairs)
  options.onProgress?.(1)
  return { ranges: plan && fellBack === null ? plan.length : 1, fellBack }
}

/**
 * Refuses to keep peaks of a file that is not the one checked, or of less audio than it held: ffmpeg
 * ends without an error at the end of a file cut short while it reads it, and the waveform would be a
 * short one, taken for the whole episode's.
 */
function checkDecodedWhole(media: string, decodedSeconds: number, options: PeaksOptions): void {
  const name = path.basename(media)
  const checked = options.checkedStat
  if (checked) {
    const stat = fs.statSync(media, { throwIfNoEntry: false })
    if (stat?.size !== checked.sizeBytes || stat.mtimeMs !== checked.mtimeMs)
      throw new UserError(
        'conflict',
        `the media file ${name} changed on disk while its waveform was computed; no waveform was kept (compute it again)`,
      )
  }
  const expected = options.expectedSeconds
  if (expected !== undefined && decodedSeconds < expected - 2 * LENGTH_TOLERANCE_SECONDS)
    throw new UserError(
      'invalid-input',
      `only ${formatClock(decodedSeconds)} of the ${formatClock(expected)} of ${name} decoded (cut short while it was read?); no waveform was kept`,
    )
}

/** Reports whole percents of the samples expected, never 100 (that is for the files written). */
function progress(options: PeaksOptions): (samples: number) => void {
  const expected = options.durationSeconds * options.sampleRate
  let done = 0
  let lastReported = -1
  return (samples) => {
    done += samples
    if (!options.onProgress || expected <= 0) return
    const percent = Math.min(99, Math.floor((done / expected) * 100))
    if (percent !== lastReported) {
      lastReported = percent
      options.onProgress(percent / 100)
    }
  }
}

async function decodeOnePass(media: string, spp: number, options: PeaksOptions): Promise<Int16Array> {
  const folder = new PeakFolder(spp)
  options.onPartial?.({
    sampleRate: options.sampleRate,
    samplesPerPixel: spp,
    // One pass folds from the start: one run, as long as what has been decoded.
    runs: () => [{ firstPair: 0, pairs: folder.pairs.subarray(0, folder.count) }],
  })
  const whole = { seekSample: 0, keepFrom: 0, keepTo: null }
  await decodeRange(media, whole, options.sampleRate, 0, folder, options.signal, progress(options))
  folder.finish()
  return folder.pairs.subarray(0, folder.count)
}

/**
 * Every range decoded at once, each folding its own pixels; then each overlap is checked. Returns the
 * pairs of the whole file, or why the ranges were given up (the caller decodes in one pass). Cancel
 * ends every range's process; a range that fails ends the others.
 */
async function decodeInRanges(
  media: string,
  plan: PeakRange[],
  spp: number,
  options: PeaksOptions,
  /** Whether the end of one range and the next one's overlap are the same samples (peakRanges). */
  matches: (end: Int16Array, before: Int16Array) => boolean,
): Promise<Int16Array | string> {
  const stop = new AbortController()
  const onAbort = (): void => stop.abort()
  options.signal?.addEventListener('abort', onAbort, { once: true })
  const compared = comparedSamples(options.sampleRate)
  const folders = plan.map(() => new PeakFolder(spp))
  options.onPartial?.({
    sampleRate: options.sampleRate,
    samplesPerPixel: spp,
    // Each range from its first pixel (its boundaries are whole pixels), as far as it has come.
    runs: () =>
      folders.map((folder, k) => ({
        firstPair: (plan[k]?.keepFrom ?? 0) / spp,
        pairs: folder.pairs.subarray(0, folder.count),
      })),
  })
  const report = progress(options)
  try {
    const decoded = await Promise.all(
      plan.map((range, k) =>
        decodeRange(
          media,
          range,
          options.sampleRate,
          compared,
          folders[k] as PeakFolder,
          stop.signal,
          report,
        ).catch((error: unknown) => {
          stop.abort()
          throw error
        }),
      ),
    )
    for (let k = 0; k < decoded.length; k++) {
      const range = decoded[k] as RangeSamples
      if (!range.complete) return `range ${k + 1} of ${plan.length} ended early`
      if (k > 0 && !matches((decoded[k - 1] as RangeSamples).end, range.before))
        return `range ${k + 1} of ${plan.length} does not match the previous one where they overlap (or the overlap is silence)`
    }
  } catch (error) {
    if (options.signal?.aborted) throw cancelled()
    // A range that cannot be decoded: one pass says why, or succeeds where a seek failed.
    return `a range failed (${(error as Error).message})`
  } finally {
    options.signal?.removeEventListener('abort', onAbort)
  }
  const total = folders.reduce((n, folder) => {
    folder.finish()
    return n + folder.count
  }, 0)
  const pairs = new Int16Array(total)
  let at = 0
  for (const folder of folders) {
    pairs.set(folder.pairs.subarray(0, folder.count), at)
    at += folder.count
  }
  return pairs
}
