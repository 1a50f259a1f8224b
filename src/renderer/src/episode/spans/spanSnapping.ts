import type { TranscriptView } from '../../../../shared/contract'
import { estimatedWordTimes } from '../../../../shared/estimatedWordTimes'
import { firstIndex } from '../../../../shared/firstIndex'

/**
 * Where a span's edges may snap: a start to where a word (or a segment) starts, an end to where one
 * ends. With `estimated` (a drag, placed by eye), a cue without word times (captions) offers its words'
 * estimated times too, those its quote is read by (a word is quoted when its estimated middle is in the
 * span); an edge set from the playhead (placed by ear) keeps to the cue's edges there.
 */
export interface SnapTargets {
  /** Sorted ascending. */
  starts: Float64Array
  /** Sorted ascending. */
  ends: Float64Array
}

export const NO_SNAP_TARGETS: SnapTargets = { starts: new Float64Array(0), ends: new Float64Array(0) }

export function snapTargets(
  transcript: TranscriptView | null | undefined,
  options: { estimated?: boolean } = {},
): SnapTargets {
  if (!transcript || transcript.segments.length === 0) return NO_SNAP_TARGETS
  const starts: number[] = []
  const ends: number[] = []
  for (const segment of transcript.segments) {
    starts.push(segment.start)
    ends.push(segment.end)
    const timed = segment.wordTimes.some((word) => word !== null)
    if (!timed) {
      if (!options.estimated) continue
      for (const word of estimatedWordTimes(segment)) {
        starts.push(word.start)
        ends.push(word.end)
      }
      continue
    }
    for (const word of segment.wordTimes) {
      if (!word) continue
      starts.push(word[0])
      ends.push(word[1])
    }
  }
  // Typed arrays sort numerically, where Array#sort would compare as strings.
  return { starts: Float64Array.from(starts).sort(), ends: Float64Array.from(ends).sort() }
}

/** The target nearest to `time` when it is at most `tolerance` away; binary search, so any length is cheap. */
export function nearestWithin(sorted: Float64Array, time: number, tolerance: number): number | null {
  const lo = firstIndex(sorted.length, (i) => (sorted[i] as number) < time)
  let best: number | null = null
  for (const i of [lo - 1, lo]) {
    const candidate = sorted[i]
    if (candidate === undefined) continue
    const distance = Math.abs(candidate - time)
    if (distance <= tolerance && (best === null || distance < Math.abs(best - time))) best = candidate
  }
  return best
}

/**
 * How far an edge may jump to a word boundary: a few pixels at the zoom, and never less than half a
 * second, so that an edge dropped inside a word goes to one of its ends at every zoom (Alt places it
 * freely); in a longer pause it stays where it is dropped.
 */
export const snapTolerance = (pxPerSec: number, snapPx: number): number =>
  Math.max(snapPx / pxPerSec, LEAST_SNAP_SECONDS)

const LEAST_SNAP_SECONDS = 0.5

/** Whether `time` is one of the targets, as a snapped edge is. */
export const isTarget = (sorted: Float64Array, time: number): boolean =>
  nearestWithin(sorted, time, 1e-9) !== null
