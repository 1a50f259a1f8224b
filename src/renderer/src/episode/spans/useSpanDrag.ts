import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { ChapterEdge } from './chapterEdges'
import type { StatementView } from '../../../../shared/contract'
import type { HighlightMark } from '../highlights/highlightMarks'
import { lastMillis } from '../../../../shared/preciseTime'
import { movedBoundary, movedSpan, resizedSpan, spanFromDrag, type Snap } from './spanDrag'
import type { SpanLayout } from './spanGeometry'
import type { SnapTargets } from './spanSnapping'
import { roundMillis } from '../../../../shared/time'
import type { Edit, Selection } from '../editorPanelProps'
import { focusStatementTitle } from '../statements/focusStatementTitle'
import type { ViewWindow } from '../Waveform'
import type { SpanPreview } from './spanPreview'
import { labelAt, type LabelBox, type WaveformLabels } from './waveformLabels'
import { BANDS, hitWaveform, NOTHING, sameHit, type WaveformHit, type WaveformPoint } from './waveformBands'

export interface SpanDragInput {
  episodeId: string
  duration: number
  view: ViewWindow | null
  statements: SpanLayout<StatementView>
  edges: readonly ChapterEdge[]
  highlights: readonly HighlightMark[]
  /** The chapter titles and highlight flags as laid out: a press on a flag selects its highlight. */
  labels: WaveformLabels | null
  targets: SnapTargets
  selectedId: string | null
  edit: Edit
  select: (selection: Selection) => void
  seek: (seconds: number) => void
  /** Scrolls the waveform by some pixels; answers the view it shows then. */
  scrollBy: (px: number) => ViewWindow | null
}

export interface SpanDrag {
  /** What the drag would make, shown until the edit it made is answered. */
  preview: SpanPreview | null
  /** What is under the pointer (the cursor and the tooltip follow it). */
  hover: WaveformHit
  /** What is being dragged. */
  active: WaveformHit | null
  /** The chapter title or highlight flag under the pointer (its full name is shown). */
  label: LabelBox | null
}

interface Gesture {
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
function labelUnder(point: WaveformPoint, labels: WaveformLabels | null): LabelBox | null {
  if (!labels || labels.pxPerSec !== point.pxPerSec || point.y > point.height) return null
  return labelAt(labels, point.time * point.pxPerSec, point.y)
}

/** The highlight whose flag is at a point. */
function flagUnder(point: WaveformPoint, input: SpanDragInput): HighlightMark | null {
  const label = labelUnder(point, input.labels)
  return label?.kind === 'highlight' ? (input.highlights.find((h) => h.id === label.id) ?? null) : null
}

function pointAt(
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
function edgeScrollPx(x: number, width: number): number {
  const depth =
    x < EDGE_SCROLL.zone
      ? x - EDGE_SCROLL.zone
      : x > width - EDGE_SCROLL.zone
        ? x - (width - EDGE_SCROLL.zone)
        : 0
  const step = (depth / EDGE_SCROLL.zone) * EDGE_SCROLL.maxPx
  return Math.max(-EDGE_SCROLL.maxPx, Math.min(EDGE_SCROLL.maxPx, step))
}

function previewOf(
  g: Gesture,
  point: WaveformPoint,
  altKey: boolean,
  input: SpanDragInput,
): SpanPreview | null {
  const snap: Snap = altKey ? null : { targets: input.targets, tolerance: BANDS.snapPx / point.pxPerSec }
  const last = lastMillis(input.duration)
  const delta = point.time - g.downTime
  const { hit, original } = g
  if (hit.kind === 'boundary') {
    const { chapterId, edge, at, low, high } = hit.edge
    return { kind: 'boundary', chapterId, edge, from: at, at: movedBoundary(at + delta, low, high, snap) }
  }
  if (hit.kind === 'empty') {
    const span = spanFromDrag(g.downTime, point.time, last, snap)
    return span && { kind: 'statement', id: null, ...span }
  }
  if (!original) return null
  const span =
    hit.part === 'body'
      ? movedSpan(original, delta, last, snap)
      : resizedSpan(original, hit.part, original[hit.part] + delta, last, snap)
  return { kind: 'statement', id: original.id, ...span }
}

/** The one edit a finished drag makes; nothing when it ends where it began. */
async function commit(preview: SpanPreview, g: Gesture, input: SpanDragInput): Promise<void> {
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

/**
 * Pointer gestures on the waveform stack: a drag on empty waves makes a statement, a drag on a
 * statement moves it or (by an edge) resizes it, a drag on a chapter grip moves that boundary. The
 * preview follows the pointer and one edit is made on release, so a gesture is one undo step. A press
 * that moves less than a few pixels is a click: a seek to the time under it (on a statement, which it
 * also selects).
 */
export function useSpanDrag(stack: HTMLElement | null, input: SpanDragInput): SpanDrag {
  const [preview, setPreview] = useState<SpanPreview | null>(null)
  const [hover, setHover] = useState<WaveformHit>(NOTHING)
  const [active, setActive] = useState<WaveformHit | null>(null)
  const [label, setLabel] = useState<LabelBox | null>(null)
  const latest = useRef(input)
  useLayoutEffect(() => {
    latest.current = input
  })

  useEffect(() => {
    if (!stack) return
    let gesture: Gesture | null = null
    let swallowClick = false
    // While a drag holds the pointer at an edge, the view scrolls a step a frame and the drag follows.
    let lastMove: PointerEvent | null = null
    let edgeFrame = 0
    // The view as scrolled, before the screen's state has caught up with it.
    let scrolled: ViewWindow | null = null
    const viewNow = (input: SpanDragInput): ViewWindow | null => scrolled ?? input.view
    const scrollAtEdge = (): void => {
      edgeFrame = 0
      const g = gesture
      if (!g?.dragging || g.cancelled || !lastMove) return
      const px = edgeScrollPx(lastMove.clientX - stack.getBoundingClientRect().left, stack.clientWidth)
      if (px === 0) return
      const input = latest.current
      scrolled = input.scrollBy(px) ?? scrolled
      show(previewOf(g, pointAt(stack, lastMove, input, viewNow(input)), lastMove.altKey, input))
      edgeFrame = requestAnimationFrame(scrollAtEdge)
    }
    // Which preview is current: an edit answered after a newer drag began must not clear that drag's.
    let generation = 0

    const stop = (): void => {
      cancelAnimationFrame(edgeFrame)
      edgeFrame = 0
      lastMove = null
      scrolled = null
      window.removeEventListener('pointermove', onDrag)
      window.removeEventListener('pointerup', onUp)
      window.removeEventListener('pointercancel', onCancel)
      window.removeEventListener('keydown', onKey, true)
      gesture = null
      setActive(null)
    }
    const show = (next: SpanPreview | null): number => {
      setPreview(next)
      return ++generation
    }

    const onDown = (event: PointerEvent): void => {
      if (event.button !== 0 || gesture) return
      const input = latest.current
      const point = pointAt(stack, event, input)
      // Below the painted area is wavesurfer's scrollbar.
      if (point.y > point.height) return
      // The gesture is ours whatever it turns out to be, a click included (see onUp).
      event.stopPropagation()
      const hit = hitWaveform(point, input.statements, input.selectedId, input.edges)
      const original = hit.kind === 'statement' ? (input.statements.byId.get(hit.id) ?? null) : null
      if (hit.kind === 'statement') input.select({ kind: 'statement', id: hit.id })
      gesture = {
        hit,
        flag: hit.kind === 'empty' ? flagUnder(point, input) : null,
        original,
        downX: event.clientX,
        downTime: point.time,
        dragging: false,
        cancelled: false,
      }
      window.addEventListener('pointermove', onDrag)
      window.addEventListener('pointerup', onUp)
      window.addEventListener('pointercancel', onCancel)
      window.addEventListener('keydown', onKey, true)
    }
    const onDrag = (event: PointerEvent): void => {
      const g = gesture
      if (!g || g.cancelled) return
      if (!g.dragging && Math.abs(event.clientX - g.downX) < BANDS.dragPx) return
      if (!g.dragging) setActive(g.hit)
      g.dragging = true
      lastMove = event
      const input = latest.current
      show(previewOf(g, pointAt(stack, event, input, viewNow(input)), event.altKey, input))
      if (!edgeFrame) edgeFrame = requestAnimationFrame(scrollAtEdge)
    }
    const onUp = (event: PointerEvent): void => {
      const g = gesture
      const view = viewNow(latest.current)
      stop()
      if (!g) return
      // The click that follows the release is this gesture's, not wavesurfer's: its seek goes by the
      // media element's duration, which for an MP3 can be a few tenths of a percent off the probed one
      // the bands are painted by, and it waits until the media has data at the previous seek.
      swallowClick = true
      setTimeout(() => (swallowClick = false), 0)
      if (g.cancelled) return
      const input = latest.current
      if (!g.dragging && g.flag) {
        input.select({ kind: 'highlight', id: g.flag.id })
        return input.seek(g.flag.time)
      }
      if (!g.dragging) {
        // A click on empty waves clears the selection, so no key acts on an item out of sight.
        if (g.hit.kind === 'empty') input.select(null)
        return input.seek(g.downTime)
      }
      const last = previewOf(g, pointAt(stack, event, input, view), event.altKey, input)
      const mine = show(last)
      if (!last) return
      void commit(last, g, input).finally(() => {
        if (generation === mine) setPreview(null)
      })
    }
    const onCancel = (): void => {
      stop()
      show(null)
    }
    const onKey = (event: KeyboardEvent): void => {
      if (event.key !== 'Escape' || !gesture) return
      // Escape ends the drag only; the screen's Escape would also drop the selection.
      event.stopPropagation()
      event.preventDefault()
      gesture.cancelled = true
      setActive(null)
      show(null)
    }
    const onClick = (event: MouseEvent): void => {
      if (!swallowClick) return
      swallowClick = false
      event.stopPropagation()
      event.preventDefault()
    }
    const onHover = (event: PointerEvent): void => {
      if (gesture) return
      const input = latest.current
      const point = pointAt(stack, event, input)
      const hit =
        point.y > point.height ? NOTHING : hitWaveform(point, input.statements, input.selectedId, input.edges)
      setHover((previous) => (sameHit(previous, hit) ? previous : hit))
      setLabel(labelUnder(point, input.labels))
    }
    const onLeave = (): void => {
      setHover(NOTHING)
      setLabel(null)
    }

    stack.addEventListener('pointerdown', onDown, true)
    stack.addEventListener('click', onClick, true)
    stack.addEventListener('pointermove', onHover)
    stack.addEventListener('pointerleave', onLeave)
    return () => {
      stack.removeEventListener('pointerdown', onDown, true)
      stack.removeEventListener('click', onClick, true)
      stack.removeEventListener('pointermove', onHover)
      stack.removeEventListener('pointerleave', onLeave)
      stop()
    }
  }, [stack])

  return { preview, hover, active, label }
}
