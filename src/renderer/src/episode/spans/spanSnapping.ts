import type { TranscriptView } from '../../../../shared/contract'

/**
 * Where a span's edges may snap: a start to where a word (or a segment) starts, an end to where one
 * ends. Segment times count too, so a transcript without word times (captions) still snaps to its cues.
 */
export interface SnapTargets {
  /** Sorted ascending. */
  starts: Float64Array
  /** Sorted ascending. */
  ends: Float64Array
}

export const NO_SNAP_TARGETS: SnapTargets = { starts: new Float64Array(0), ends: new Float64Array(0) }

export function snapTargets(transcript: TranscriptView | null | undefined): SnapTargets {
  if (!transcript || transcript.segments.length === 0) return NO_SNAP_TARGETS
  const starts: number[] = []
  const ends: number[] = []
  for (const segment of transcript.segments) {
    starts.push(segment.start)
    ends.push(segment.end)
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
  let lo = 0
  let hi = sorted.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if ((sorted[mid] as number) < time) lo = mid + 1
    else hi = mid
  }
  let best: number | null = null
  for (const i of [lo - 1, lo]) {
    const candidate = sorted[i]
    if (candidate === undefined) continue
    const distance = Math.abs(candidate - time)
    if (distance <= tolerance && (best === null || distance < Math.abs(best - time))) best = candidate
  }
  return best
}
