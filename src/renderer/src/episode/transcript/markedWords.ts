import type { TranscriptSegmentView } from '../../../../shared/contract'

interface Span {
  start: number
  end: number
}

/** The statements' spans merged into a sorted list of disjoint stretches. */
export function mergedSpans(spans: readonly Span[]): Span[] {
  const sorted = spans.filter((s) => s.end > s.start).sort((a, b) => a.start - b.start)
  const merged: Span[] = []
  for (const s of sorted) {
    const last = merged.at(-1)
    if (last && s.start <= last.end) last.end = Math.max(last.end, s.end)
    else merged.push({ start: s.start, end: s.end })
  }
  return merged
}

/** Whether a moment lies in one of the merged stretches (binary search). */
function within(merged: readonly Span[], time: number): boolean {
  let low = 0
  let high = merged.length - 1
  while (low <= high) {
    const mid = (low + high) >> 1
    const s = merged[mid]
    if (!s) return false
    if (time < s.start) high = mid - 1
    else if (time > s.end) low = mid + 1
    else return true
  }
  return false
}

/**
 * The words already inside a statement, by segment id: for each token, whether the middle of its word
 * lies in a statement's span. Segments with no such word are left out.
 */
export function markedWords(
  segments: readonly TranscriptSegmentView[],
  statements: readonly Span[],
): Map<string, readonly boolean[]> {
  const merged = mergedSpans(statements)
  const marks = new Map<string, readonly boolean[]>()
  if (merged.length === 0) return marks
  for (const segment of segments) {
    const first = merged[0]
    const last = merged.at(-1)
    if (!first || !last || segment.end < first.start || segment.start > last.end) continue
    const flags = segment.wordTimes.map((t) => t !== null && within(merged, (t[0] + t[1]) / 2))
    if (flags.some(Boolean)) marks.set(segment.id, flags)
  }
  return marks
}
