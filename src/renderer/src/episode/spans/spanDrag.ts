import { nearestWithin, type SnapTargets } from './spanSnapping'
import type { TimeSpan } from './spanGeometry'

/**
 * What a drag on the timeline makes of a span, for the live preview and the one edit at its end: each
 * function takes where the pointer is and answers the span clamped to the media and, unless snapping
 * is off, with its edges snapped to the transcript's word boundaries.
 */

/** Shorter than this a statement can be neither seen nor grabbed. */
export const MIN_SPAN_SECONDS = 0.05

/** Snap targets and how far (in seconds) an edge may jump to one; null when the editor holds Alt. */
export type Snap = { targets: SnapTargets; tolerance: number } | null

const clamp = (value: number, low: number, high: number): number => Math.min(Math.max(value, low), high)

const snapStart = (time: number, snap: Snap): number =>
  (snap && nearestWithin(snap.targets.starts, time, snap.tolerance)) ?? time
const snapEnd = (time: number, snap: Snap): number =>
  (snap && nearestWithin(snap.targets.ends, time, snap.tolerance)) ?? time

/** A new span from where the drag began to where the pointer is, either way round; null while too short. */
export function spanFromDrag(anchor: number, at: number, last: number, snap: Snap): TimeSpan | null {
  const from = clamp(Math.min(anchor, at), 0, last)
  const to = clamp(Math.max(anchor, at), 0, last)
  const start = snapStart(from, snap)
  const end = snapEnd(to, snap)
  if (end - start >= MIN_SPAN_SECONDS) return { start, end }
  return to - from >= MIN_SPAN_SECONDS ? { start: from, end: to } : null
}

/**
 * The span shifted by `delta`, its length kept: whichever edge is nearer a word boundary snaps and the
 * other follows.
 */
export function movedSpan(original: TimeSpan, delta: number, last: number, snap: Snap): TimeSpan {
  const length = original.end - original.start
  const start = clamp(original.start + delta, 0, Math.max(0, last - length))
  if (!snap) return { start, end: start + length }
  const shifts = [
    nearestWithin(snap.targets.starts, start, snap.tolerance),
    nearestWithin(snap.targets.ends, start + length, snap.tolerance),
  ].flatMap((target, i) => (target === null ? [] : [target - (i === 0 ? start : start + length)]))
  const shift = shifts.reduce((best, s) => (Math.abs(s) < Math.abs(best) ? s : best), Infinity)
  if (shift === Infinity) return { start, end: start + length }
  const snapped = clamp(start + shift, 0, Math.max(0, last - length))
  return { start: snapped, end: snapped + length }
}

/** The span with one edge at `to`; the edge stops short of crossing the other. */
export function resizedSpan(
  original: TimeSpan,
  edge: 'start' | 'end',
  to: number,
  last: number,
  snap: Snap,
): TimeSpan {
  if (edge === 'start') {
    const high = original.end - MIN_SPAN_SECONDS
    const start = clamp(to, 0, high)
    const snapped = snapStart(start, snap)
    return { start: snapped >= 0 && snapped <= high ? snapped : start, end: original.end }
  }
  const low = original.start + MIN_SPAN_SECONDS
  const end = clamp(to, low, last)
  const snapped = snapEnd(end, snap)
  return { start: original.start, end: snapped >= low && snapped <= last ? snapped : end }
}

/** A chapter boundary at `to`, within its limits; it snaps to where a word starts, as a chapter does. */
export function movedBoundary(to: number, low: number, high: number, snap: Snap): number {
  const at = clamp(to, low, high)
  const snapped = snapStart(at, snap)
  return snapped >= low && snapped <= high ? snapped : at
}
