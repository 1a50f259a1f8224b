/**
 * Index of the last item started at or before `time` in a list sorted by start, or -1. What is being
 * said at a moment: the segment (or word) last begun, which stays lit through a short pause.
 */
export function lastStartedIndex(count: number, startOf: (i: number) => number, time: number): number {
  let lo = 0
  let hi = count - 1
  let found = -1
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    if (startOf(mid) <= time) {
      found = mid
      lo = mid + 1
    } else hi = mid - 1
  }
  return found
}
