import { edgeNear, type ChapterEdge } from './chapterEdges'
import type { StatementView } from '../../../../shared/contract'
import { hitSpan, type SpanLayout, type SpanPart } from './spanGeometry'

/**
 * Where spans sit on the waveform, in CSS pixels: chapter titles and boundary grips in a strip at the
 * top, statements in lanes at the bottom, so that the waves between stay free to click and drag.
 */
export const BANDS = {
  chapterStrip: 16,
  laneHeight: 12,
  laneGap: 2,
  bottom: 4,
  maxLanes: 3,
  /** How near an edge the pointer grabs it. */
  edgePx: 6,
  /** How near a word boundary a dragged edge snaps to it. */
  snapPx: 8,
  /** A pointer that moved less than this was a click (a seek), not a drag. */
  dragPx: 4,
}

/** The painted layer's height, as styles.css sets it (`canvas.waveform-layer`, `.waveform-labels`). */
export const LAYER_HEIGHT = 128

/** Where highlights are flagged: in rows under the chapter strip (see waveformLabels). */
export const FLAG = { top: BANDS.chapterStrip + 2, height: 15, maxWidth: 180 }

/** Lane 0 is the lowest. */
export const laneTop = (lane: number, height: number): number =>
  height - BANDS.bottom - (lane + 1) * BANDS.laneHeight - lane * BANDS.laneGap

/** The lane at `y` (a pixel of slack around each), or -1. */
export function laneAt(y: number, height: number, laneCount: number): number {
  for (let lane = 0; lane < laneCount; lane++) {
    const top = laneTop(lane, height)
    if (y >= top - 1 && y <= top + BANDS.laneHeight + 1) return lane
  }
  return -1
}

/** A pointer on the waveform: where it is and the time under it. */
export interface WaveformPoint {
  x: number
  y: number
  time: number
  pxPerSec: number
  /** The painted area's height; below it is the scrollbar. */
  height: number
}

export type WaveformHit =
  | { kind: 'statement'; id: string; part: SpanPart }
  | { kind: 'boundary'; edge: ChapterEdge }
  | { kind: 'empty' }

export const NOTHING: WaveformHit = { kind: 'empty' }

export const sameHit = (a: WaveformHit, b: WaveformHit): boolean =>
  a.kind === b.kind &&
  (a.kind !== 'statement' || b.kind !== 'statement' || (a.id === b.id && a.part === b.part)) &&
  (a.kind !== 'boundary' || b.kind !== 'boundary' || a.edge === b.edge)

/**
 * What a press at `point` would grab. The selected statement's edges reach the full height (they are
 * drawn so); other statements are grabbed in their lane, chapter boundaries in the top strip.
 */
export function hitWaveform(
  point: WaveformPoint,
  statements: SpanLayout<StatementView>,
  selectedId: string | null,
  edges: readonly ChapterEdge[],
): WaveformHit {
  const { time, pxPerSec, y, height } = point
  const selected = selectedId ? statements.byId.get(selectedId) : undefined
  if (selected) {
    const reach = Math.min(BANDS.edgePx, ((selected.end - selected.start) * pxPerSec) / 3)
    for (const part of ['start', 'end'] as const)
      if (Math.abs(time - selected[part]) * pxPerSec <= reach)
        return { kind: 'statement', id: selected.id, part }
  }
  const lane = statements.lanes[laneAt(y, height, statements.lanes.length)]
  const onSpan = lane ? hitSpan(lane, time, pxPerSec, BANDS.edgePx) : null
  if (onSpan) return { kind: 'statement', id: onSpan.span.id, part: onSpan.part }
  if (y <= BANDS.chapterStrip) {
    const edge = edgeNear(edges, time, BANDS.edgePx / pxPerSec)
    if (edge) return { kind: 'boundary', edge }
  }
  return NOTHING
}
