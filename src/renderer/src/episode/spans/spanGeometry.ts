import { firstIndex } from '../../../../shared/firstIndex'
/**
 * Spans on a timeline, laid out for drawing and pointing: sorted, in lanes so that overlapping spans
 * stay visible and grabbable, and searched by binary search so that a frame or a pointer move costs
 * the spans in view, not the episode's.
 */

export interface TimeSpan {
  start: number
  end: number
}

export interface IdentifiedSpan extends TimeSpan {
  id: string
}

/** Spans sorted by start, with `reach[i]` the furthest end among the first i + 1. */
export interface SpanLane<T extends TimeSpan> {
  spans: readonly T[]
  reach: Float64Array
}

export interface SpanLayout<T extends IdentifiedSpan> {
  lanes: readonly SpanLane<T>[]
  laneOf: ReadonlyMap<string, number>
  byId: ReadonlyMap<string, T>
}

/** The same spans at the same places, in the same order: what a painting of them depends on. */
export const samePlaces = <T extends IdentifiedSpan>(a: readonly T[], b: readonly T[]): boolean =>
  a.length === b.length &&
  a.every((s, i) => {
    const t = b[i]
    return t !== undefined && s.id === t.id && s.start === t.start && s.end === t.end
  })

export const sameLanePlaces = <T extends IdentifiedSpan>(a: SpanLane<T>, b: SpanLane<T>): boolean =>
  samePlaces(a.spans, b.spans)

export const sameLayoutPlaces = <T extends IdentifiedSpan>(a: SpanLayout<T>, b: SpanLayout<T>): boolean =>
  a.lanes.length === b.lanes.length &&
  a.lanes.every((lane, i) => {
    const other = b.lanes[i]
    return other !== undefined && samePlaces(lane.spans, other.spans)
  })

const byStart = (a: TimeSpan, b: TimeSpan): number => a.start - b.start || a.end - b.end

/** One lane of spans that are already in start order. */
export function spanLane<T extends TimeSpan>(sorted: readonly T[]): SpanLane<T> {
  const reach = new Float64Array(sorted.length)
  let furthest = -Infinity
  sorted.forEach((s, i) => {
    furthest = Math.max(furthest, s.end)
    reach[i] = furthest
  })
  return { spans: sorted, reach }
}

/**
 * Puts each span in the lowest lane where it overlaps nothing; past `maxLanes`, in the lane that frees
 * up first (those may overlap, which the lane's reach still searches correctly).
 */
export function layoutSpans<T extends IdentifiedSpan>(spans: readonly T[], maxLanes: number): SpanLayout<T> {
  const sorted = [...spans].sort(byStart)
  const lanes: T[][] = []
  const laneEnds: number[] = []
  const laneOf = new Map<string, number>()
  for (const span of sorted) {
    let lane = laneEnds.findIndex((end) => end <= span.start)
    if (lane < 0 && lanes.length < maxLanes) {
      lane = lanes.length
      lanes.push([])
      laneEnds.push(-Infinity)
    }
    if (lane < 0) lane = laneEnds.indexOf(Math.min(...laneEnds))
    lanes[lane]?.push(span)
    laneEnds[lane] = Math.max(laneEnds[lane] ?? -Infinity, span.end)
    laneOf.set(span.id, lane)
  }
  return { lanes: lanes.map(spanLane), laneOf, byId: new Map(sorted.map((s) => [s.id, s])) }
}

/** Calls `visit` for each span of the lane that reaches into [from, to], in start order. */
export function eachInWindow<T extends TimeSpan>(
  lane: SpanLane<T>,
  from: number,
  to: number,
  visit: (span: T, index: number) => void,
): void {
  for (
    let i = firstIndex(lane.spans.length, (k) => (lane.reach[k] as number) < from);
    i < lane.spans.length;
    i++
  ) {
    const span = lane.spans[i] as T
    if (span.start > to) break
    if (span.end >= from) visit(span, i)
  }
}

export type SpanPart = 'start' | 'end' | 'body'

/**
 * Which span of a lane, and which part of it, is under `time`. An edge within `edgePx` wins over a body
 * (so the edges of touching spans can be told apart); on a narrow span the edges leave its middle
 * third to the body, so it can still be moved.
 */
export function hitSpan<T extends TimeSpan>(
  lane: SpanLane<T>,
  time: number,
  pxPerSec: number,
  edgePx: number,
): { span: T; part: SpanPart } | null {
  let edge: { span: T; part: SpanPart; rank: number } | null = null
  let body: T | null = null
  eachInWindow(lane, time - edgePx / pxPerSec, time + edgePx / pxPerSec, (span) => {
    const reach = Math.min(edgePx, ((span.end - span.start) * pxPerSec) / 3)
    const inside = span.start <= time && time <= span.end
    for (const part of ['start', 'end'] as const) {
      const distance = Math.abs(time - span[part]) * pxPerSec
      // Where two spans touch, the pointer takes the edge of the span it is over.
      const rank = distance + (inside ? 0 : 0.5)
      if (distance <= reach && (!edge || rank < edge.rank)) edge = { span, part, rank }
    }
    // The later span is drawn over the earlier one, so it is the one under the pointer.
    if (inside) body = span
  })
  if (edge) {
    const { span, part } = edge
    return { span, part }
  }
  return body ? { span: body, part: 'body' } : null
}
