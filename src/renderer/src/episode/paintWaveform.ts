import type { SpanView } from '../../../shared/contract'
import type { PeakPyramid } from '../../../shared/waveformData'

export interface PaintInput {
  ctx: CanvasRenderingContext2D
  width: number
  height: number
  /** Visible window: seconds at the left edge and pixels per second. */
  start: number
  pxPerSec: number
  pyramid: PeakPyramid
  time: number
  chapters: readonly SpanView[]
  statements: readonly SpanView[]
}

export const COLORS = {
  wave: '#7a8fa6',
  played: '#2f4f6f',
  chapters: ['rgba(90, 130, 190, 0.10)', 'rgba(90, 170, 130, 0.10)'],
  statement: 'rgba(201, 162, 39, 0.35)',
  statementEdge: 'rgba(160, 122, 10, 0.9)',
}

/** Index of the first span that may reach `time`: spans are sorted by start. */
function firstReaching(spans: readonly SpanView[], time: number, longest: number): number {
  let lo = 0
  let hi = spans.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if ((spans[mid] as SpanView).start + longest < time) lo = mid + 1
    else hi = mid
  }
  return lo
}

function eachVisible(
  spans: readonly SpanView[],
  start: number,
  end: number,
  visit: (span: SpanView, index: number) => void,
): void {
  let longest = 0
  for (const s of spans) longest = Math.max(longest, s.end - s.start)
  for (let i = firstReaching(spans, start, longest); i < spans.length; i++) {
    const span = spans[i] as SpanView
    if (span.start > end) break
    if (span.end >= start) visit(span, i)
  }
}

/**
 * Draws the visible window only, from the coarsest peaks level that still has a point per pixel: a
 * frame costs about one pass over the canvas's width, whatever the episode's length or zoom.
 */
export function paintWaveform(p: PaintInput): void {
  const { ctx, width, height, start, pxPerSec, pyramid, time } = p
  const end = start + width / pxPerSec
  const x = (t: number): number => (t - start) * pxPerSec
  ctx.clearRect(0, 0, width, height)

  eachVisible(p.chapters, start, end, (c, i) => {
    ctx.fillStyle = COLORS.chapters[i % 2] as string
    ctx.fillRect(x(c.start), 0, (c.end - c.start) * pxPerSec, height)
  })

  const level = pyramid.levelFor(pxPerSec)
  const pairs = level.peaks.length / 2
  const perPixel = level.pxPerSec / pxPerSec
  const mid = height / 2
  const playedX = Math.max(0, Math.min(width, Math.ceil(x(time))))
  // One path per colour: setting a fill style per pixel costs more than the drawing.
  const bars = (fromPx: number, toPx: number, color: string): void => {
    ctx.beginPath()
    for (let px = fromPx; px < toPx; px++) {
      const from = Math.floor((start + px / pxPerSec) * level.pxPerSec)
      if (from >= pairs) break
      const to = Math.min(pairs, Math.max(from + 1, Math.floor(from + perPixel)))
      let min = 0
      let max = 0
      for (let i = Math.max(0, from); i < to; i++) {
        const lo = level.peaks[i * 2] as number
        const hi = level.peaks[i * 2 + 1] as number
        if (lo < min) min = lo
        if (hi > max) max = hi
      }
      ctx.rect(px, mid - max * mid, 1, Math.max(1, (max - min) * mid))
    }
    ctx.fillStyle = color
    ctx.fill()
  }
  bars(0, playedX, COLORS.played)
  bars(playedX, width, COLORS.wave)

  eachVisible(p.statements, start, end, (s) => {
    const left = x(s.start)
    ctx.fillStyle = COLORS.statement
    ctx.fillRect(left, height - 16, Math.max(1, (s.end - s.start) * pxPerSec), 12)
    ctx.fillStyle = COLORS.statementEdge
    ctx.fillRect(left, height - 16, 1, 12)
  })
}
