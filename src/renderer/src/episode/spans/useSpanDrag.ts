import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { ViewWindow } from '../Waveform'
import { commit, edgeScrollPx, flagUnder, labelUnder, pointAt, previewOf, type Gesture } from './spanGesture'
import type { SpanPreview } from './spanPreview'
import type { LabelBox } from './waveformLabels'
import type { SpanDragInput } from './spanDragInput'
import { BANDS, hitWaveform, NOTHING, sameHit, type WaveformHit } from './waveformBands'
import { createScope, type Held, type Scope } from '../../scope'

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
    const scope = createScope()
    // The window's listeners while a gesture lasts, dropped together when it ends.
    let during: Scope | null = null
    let gesture: Gesture | null = null
    let swallowClick = false
    // While a drag holds the pointer at an edge, the view scrolls a step a frame and the drag follows.
    let lastMove: PointerEvent | null = null
    let edgeFrame: Held | null = null
    // The view as scrolled, before the screen's state has caught up with it.
    let scrolled: ViewWindow | null = null
    const viewNow = (input: SpanDragInput): ViewWindow | null => scrolled ?? input.view
    const scrollAtEdge = (): void => {
      edgeFrame = null
      const g = gesture
      if (!g?.dragging || g.cancelled || !lastMove) return
      const px = edgeScrollPx(lastMove.clientX - stack.getBoundingClientRect().left, stack.clientWidth)
      if (px === 0) return
      const input = latest.current
      scrolled = input.scrollBy(px) ?? scrolled
      show(previewOf(g, pointAt(stack, lastMove, input, viewNow(input)), lastMove.altKey, input))
      edgeFrame = scope.frame(scrollAtEdge)
    }
    // Which preview is current: an edit answered after a newer drag began must not clear that drag's.
    let generation = 0

    const stop = (): void => {
      edgeFrame?.cancel()
      edgeFrame = null
      lastMove = null
      scrolled = null
      during?.dispose()
      during = null
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
      during = scope.child()
      during.listen(window, 'pointermove', onDrag)
      during.listen(window, 'pointerup', onUp)
      during.listen(window, 'pointercancel', onCancel)
      during.listen(window, 'keydown', onKey, true)
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
      if (!edgeFrame) edgeFrame = scope.frame(scrollAtEdge)
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
      scope.timeout(() => (swallowClick = false), 0)
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

    scope.listen(stack, 'pointerdown', onDown, true)
    scope.listen(stack, 'click', onClick, true)
    scope.listen(stack, 'pointermove', onHover)
    scope.listen(stack, 'pointerleave', onLeave)
    return () => {
      scope.dispose()
      stop()
    }
  }, [stack])

  return { preview, hover, active, label }
}
