import { edgesInWindow, type ChapterEdge } from './chapterEdges'
import type { ChapterView, StatementView } from '../../../../shared/contract'
import { eachInWindow, type SpanLane, type SpanLayout, type TimeSpan } from './spanGeometry'
import type { HighlightMark } from '../highlights/highlightMarks'
import type { SpanPreview } from './spanPreview'
import { themeColors } from '../themeColors'
import { BANDS, laneTop } from './waveformBands'

/** What is drawn around the waves: chapters, statements, highlights, the loop and the `[` mark. */
export interface Bands {
  chapters: SpanLane<ChapterView>
  edges: readonly ChapterEdge[]
  statements: SpanLayout<StatementView>
  highlights: readonly HighlightMark[]
  selectedId: string | null
  preview: SpanPreview | null
  pendingStart: number | null
  loop: TimeSpan | null
}

export interface BandsFrame extends Bands {
  ctx: CanvasRenderingContext2D
  width: number
  height: number
  /** Seconds at the left edge. */
  start: number
  pxPerSec: number
}

const windowEnd = (f: BandsFrame): number => f.start + f.width / f.pxPerSec

/** Beneath the waves: a tint per chapter and the looped span. */
export function paintBandsUnder(f: BandsFrame): void {
  const { ctx, height, start, pxPerSec } = f
  const x = (t: number): number => (t - start) * pxPerSec
  eachInWindow(f.chapters, start, windowEnd(f), (c, i) => {
    ctx.fillStyle = themeColors().chapters[i % 2] as string
    ctx.fillRect(x(c.start), 0, (c.end - c.start) * pxPerSec, height)
  })
  if (f.loop) {
    ctx.fillStyle = themeColors().loopTint
    ctx.fillRect(x(f.loop.start), 0, (f.loop.end - f.loop.start) * pxPerSec, height)
  }
}

/** Over the waves: chapter titles and grips, statement lanes, the selected statement's handles, marks. */
export function paintBandsOver(f: BandsFrame): void {
  paintChapterStrip(f)
  paintStatements(f)
  paintHighlights(f)
  const { ctx, height, start, pxPerSec } = f
  const x = (t: number): number => (t - start) * pxPerSec
  if (f.loop) {
    ctx.fillStyle = themeColors().loopBar
    ctx.fillRect(x(f.loop.start), BANDS.chapterStrip, (f.loop.end - f.loop.start) * pxPerSec, 3)
  }
  if (f.pendingStart !== null) {
    const at = Math.round(x(f.pendingStart)) + 0.5
    ctx.strokeStyle = themeColors().pending
    ctx.lineWidth = 1.5
    ctx.setLineDash([5, 4])
    ctx.beginPath()
    ctx.moveTo(at, 0)
    ctx.lineTo(at, height)
    ctx.stroke()
    ctx.setLineDash([])
  }
}

/** The chapter boundaries and their grips; the titles are labels (waveformLabels). */
function paintChapterStrip(f: BandsFrame): void {
  const { ctx, height, start, pxPerSec, preview } = f
  const x = (t: number): number => (t - start) * pxPerSec
  const strip = BANDS.chapterStrip
  const slack = BANDS.edgePx / pxPerSec
  for (const edge of edgesInWindow(f.edges, start - slack, windowEnd(f) + slack)) {
    const at = Math.round(x(edge.at))
    const active =
      preview?.kind === 'boundary' && preview.chapterId === edge.chapterId && preview.edge === edge.edge
    ctx.fillStyle = themeColors().chapterEdge
    ctx.fillRect(at, 0, 1, height)
    ctx.fillStyle = active ? themeColors().chapterGripActive : themeColors().chapterGrip
    ctx.fillRect(at - 3, 1, 7, strip - 2)
    if (active && preview.snapped) paintSnapTarget(ctx, at, height)
  }
}

function paintStatements(f: BandsFrame): void {
  const { ctx, height, start, pxPerSec, statements, preview, selectedId } = f
  const x = (t: number): number => (t - start) * pxPerSec
  const band = (s: TimeSpan, lane: number, selected: boolean): void => {
    const left = x(s.start)
    const w = Math.max(2, (s.end - s.start) * pxPerSec)
    const top = laneTop(lane, height)
    ctx.fillStyle = selected ? themeColors().statementSelected : themeColors().statement
    ctx.fillRect(left, top, w, BANDS.laneHeight)
    ctx.fillStyle = themeColors().statementEdge
    ctx.fillRect(left, top, 1, BANDS.laneHeight)
    ctx.fillRect(left + w - 1, top, 1, BANDS.laneHeight)
  }
  const dragged = preview?.kind === 'statement' ? preview.id : null
  statements.lanes.forEach((lane, l) => {
    eachInWindow(lane, start, windowEnd(f), (s) => {
      if (s.id !== dragged) band(s, l, s.id === selectedId)
    })
  })
  // The statement being dragged or made, else the selected one: drawn over the others, at full height.
  const focus =
    preview?.kind === 'statement' ? preview : selectedId ? (statements.byId.get(selectedId) ?? null) : null
  if (!focus) return
  const lane = focus.id === null ? 0 : (statements.laneOf.get(focus.id) ?? 0)
  band(focus, lane, true)
  const left = x(focus.start)
  const right = x(focus.end)
  ctx.fillStyle = themeColors().selectionTint
  ctx.fillRect(left, 0, right - left, height)
  ctx.fillStyle = themeColors().statementEdge
  const grip = Math.min(28, height / 3)
  for (const at of [left, right]) {
    ctx.fillRect(at - 1, 0, 2, height)
    ctx.fillRect(at - 3, height / 2 - grip / 2, 6, grip)
  }
  if (preview?.kind !== 'statement' || !preview.snapped) return
  if (preview.snapped.start) paintSnapTarget(ctx, left, height)
  if (preview.snapped.end) paintSnapTarget(ctx, right, height)
}

/** A dragged edge on a word boundary: a line of its own colour, and a notch under the chapter strip. */
function paintSnapTarget(ctx: CanvasRenderingContext2D, at: number, height: number): void {
  ctx.fillStyle = themeColors().snapTarget
  ctx.fillRect(at - 1, 0, 2, height)
  const top = BANDS.chapterStrip
  ctx.beginPath()
  ctx.moveTo(at - 5, top)
  ctx.lineTo(at + 5, top)
  ctx.lineTo(at, top + 6)
  ctx.closePath()
  ctx.fill()
}

/** Each highlight in view: a line at its moment (its flag is a label, see waveformLabels). */
function paintHighlights(f: BandsFrame): void {
  const { ctx, height, start, pxPerSec, highlights } = f
  const end = windowEnd(f)
  for (const mark of highlights) {
    if (mark.time > end || mark.time < start) continue
    const at = Math.round((mark.time - start) * pxPerSec)
    ctx.fillStyle = mark.selected ? themeColors().highlightSelected : themeColors().highlight
    ctx.fillRect(at, 0, mark.selected ? 2 : 1, height)
  }
}
