import path from 'node:path'
import { UserError } from '../errors'
import { formatClock } from '../../shared/time'
import { decoders } from './decoderPool'
import { runTool } from './runTool'
import { ffmpegPath } from './tools'

/** Less decodable audio than this is no episode. */
export const MIN_DECODED_SECONDS = 1
/** A declared length further than this from the decoded one is not trusted. */
export const LENGTH_TOLERANCE_SECONDS = 1

/**
 * How much of the file's first audio stream decodes, in seconds: ffprobe trusts the header (an mp3's
 * frame count), which a file cut short still carries. Decoding to nothing is about as fast as reading.
 */
export async function decodedSeconds(file: string): Promise<number> {
  const result = await decoders.run(() =>
    runTool(ffmpegPath(), [
      ...['-hide_banner', '-nostdin', '-v', 'error', '-i', file],
      ...['-map', '0:a:0', '-f', 'null', '-', '-progress', 'pipe:1'],
    ]),
  )
  let last = 0
  for (const match of result.stdout.matchAll(/^out_time_us=(\d+)$/gm)) last = Number(match[1]) / 1e6
  return last
}

export interface MediaLength {
  /** What the episode may claim: the decoded length where the declared one is off by over 1 s. */
  durationSeconds: number
  /** What the file's header said, when it was not believed; null when it matched. */
  declaredSeconds: number | null
}

/**
 * The length an episode may claim of `file`, which the container declares as `declared` seconds.
 * Refuses a file with under a second of decodable audio.
 */
export async function checkedMediaLength(file: string, declared: number): Promise<MediaLength> {
  const decoded = await decodedSeconds(file)
  if (decoded < MIN_DECODED_SECONDS)
    throw new UserError(
      'invalid-input',
      `${path.basename(file)} cannot be used as media: under a second of its audio decodes (${decoded.toFixed(2)} s of the ${formatClock(declared)} it declares; truncated or damaged?)`,
    )
  if (Math.abs(decoded - declared) <= LENGTH_TOLERANCE_SECONDS)
    return { durationSeconds: declared, declaredSeconds: null }
  return { durationSeconds: Math.round(decoded * 1000) / 1000, declaredSeconds: declared }
}

/** What the editor is told when a file decodes to another length than it declares. */
export const lengthWarning = (fileName: string, length: MediaLength): string | null =>
  length.declaredSeconds === null
    ? null
    : `${fileName} declares ${formatClock(length.declaredSeconds)} but ${length.durationSeconds < length.declaredSeconds ? 'only ' : ''}${formatClock(length.durationSeconds)} of its audio decodes${length.durationSeconds < length.declaredSeconds ? ' (cut short?)' : ''}; the episode is ${formatClock(length.durationSeconds)} long`
