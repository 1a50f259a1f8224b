/** What a pointer gesture on the waveform stack is, and what it would make, apart from React. */
import type { StatementView } from '../../../../shared/contract'
import type { HighlightMark } from '../highlights/highlightMarks'
import { lastMillis } from '../../../../shared/preciseTime'
import { movedBoundary, movedSpan, resizedSpan, spanFromDrag, type Snap } from './spanDrag'
import { roundMillis } from '../../../../shared/time'
import { focusStatementTitle } from '../statements/focusStatementTitle'
import type { SpanPreview } from './spanPreview'
import { labelAt, type LabelBox, type WaveformLabels } from './waveformLabels'
import { isTarget, snapTolerance } from './spanSnapping'
import { BANDS, type WaveformHit, type WaveformPoint } from './waveformBands'
import type { SpanDragInput } from './spanDragInput'

export interface Gesture {
  hit: WaveformHit
  /** The highlight whose flag was pressed: a click selects it and goes to its moment. */
  flag: HighlightMark | null
  /** The statement as it was when grabbed. */
  original: StatementView | null
  downX: number
  downTime: number
  dragging: boolean
  cancelled: boolean
}

/** The chapter title or highlight flag at a point, laid out for the zoom it is seen at. */
export function labelUnder(point: WaveformPoint, labels: WaveformLabels | null): LabelBox | null {
  if (!labels || labels.pxPerSec !== point.pxPerSec || point.y > point.height) return null
  const x = point.time * point.pxPerSec
  return labelAt(labels, x, point.y, x - point.x)
}

/** The highlight whose flag is at a point. */
export function flagUnder(point: WaveformPoint, input: SpanDragInput): HighlightMark | null {
  const label = labelUnder(point, input.labels)
  return label?.kind === 'highlight' ? (input.highlights.find((h) => h.id === label.id) ?? null) : null
}

export function pointAt(
  stack: HTMLElement,
  event: MouseEvent,
  input: SpanDragInput,
  view = input.view,
): WaveformPoint {
  const rect = stack.getBoundingClientRect()
  // Until wavesurfer reports its view, the whole episode fits the width.
  const pxPerSec = view?.pxPerSec ?? rect.width / input.duration
  const x = event.clientX - rect.left
  const layer = stack.querySelector('canvas')
  return {
    x,
    y: event.clientY - rect.top,
    time: (view?.start ?? 0) + x / pxPerSec,
    pxPerSec,
    height: layer?.clientHeight ?? rect.height,
  }
}

/** How near an edge (px) a held drag scrolls the waveform, and its fastest step a frame. */
const EDGE_SCROLL = { zone: 32, maxPx: 24 }

/**
 * How far to scroll this frame while a drag holds the pointer near an edge of the waveform (or past
 * it): faster the deeper in, none away from the edges.
 */
export function edgeScrollPx(x: number, width: number): number {
  const depth =
    x < EDGE_SCROLL.zone
      ? x - EDGE_SCROLL.zone
      : x > width - EDGE_SCROLL.zone
        ? x - (width - EDGE_SCROLL.zone)
        : 0
  const step = (depth / EDGE_SCROLL.zone) * EDGE_SCROLL.maxPx
  return Math.max(-EDGE_SCROLL.maxPx, Math.min(EDGE_SCROLL.maxPx, step))
}

export function previewOf(
  g: Gesture,
  point: WaveformPoint,
  altKey: boolean,
  input: SpanDragInput,
): SpanPreview | null {
  const snap: Snap = altKey
    ? null
    : { targets: input.targets, tolerance: snapTolerance(point.pxPerSec, BANDS.snapPx) }
  const on = (sorted: Float64Array, time: number): boolean => snap !== null && isTarget(sorted, time)
  const last = lastMillis(input.duration)
  const delta = point.time - g.downTime
  const { hit, original } = g
  if (hit.kind === 'boundary') {
    const { chapterId, edge, at, low, high } = hit.edge
    const moved = movedBoundary(at + delta, low, high, snap)
    return {
      kind: 'boundary',
      chapterId,
      edge,
      from: at,
      at: moved,
      snapped: on(input.targets.starts, moved),
    }
  }
  const snapped = (span: { start: number; end: number }): { start: boolean; end: boolean } => ({
    start: on(input.targets.starts, span.start),
    end: on(input.targets.ends, span.end),
  })
  if (hit.kind === 'empty') {
    const span = spanFromDrag(g.downTime, point.time, last, snap)
    return span && { kind: 'statement', id: null, ...span, snapped: snapped(span) }
  }
  if (!original) return null
  const span =
    hit.part === 'body'
      ? movedSpan(original, delta, last, snap)
      : resizedSpan(original, hit.part, original[hit.part] + delta, last, snap)
  return { kind: 'statement', id: original.id, ...span, snapped: snapped(span) }
}

/** The one edit a finished drag makes; nothing when it ends where it began. */
export async function commit(preview: SpanPreview, g: Gesture, input: SpanDragInput): Promise<void> {
  const id = input.episodeId
  if (preview.kind === 'boundary') {
    const at = roundMillis(preview.at)
    if (at !== roundMillis(preview.from))
      await input.edit('chapters.moveBoundary', { id, chapterId: preview.chapterId, edge: preview.edge, at })
    return
  }
  const start = roundMillis(preview.start)
  const end = roundMillis(preview.end)
  if (preview.id === null) {
    const made = await input.edit('statements.create', { id, start, end })
    if (made) {
      input.select({ kind: 'statement', id: made.statementId })
      focusStatementTitle(made.statementId)
    }
    return
  }
  const patch = {
    ...(start !== roundMillis(g.original?.start ?? -1) && { start }),
    ...(end !== roundMillis(g.original?.end ?? -1) && { end }),
  }
  if (Object.keys(patch).length > 0)
    await input.edit('statements.update', { id, statementId: preview.id, patch })
}
