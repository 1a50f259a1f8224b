import type { PeakPyramid } from '../../../shared/waveformData'
import { paintBandsOver, paintBandsUnder, type Bands } from './spans/paintBands'
import { themeColors } from './themeColors'

export interface PaintInput extends Bands {
  ctx: CanvasRenderingContext2D
  width: number
  height: number
  /** Visible window: seconds at the left edge and pixels per second. */
  start: number
  pxPerSec: number
  pyramid: PeakPyramid
  time: number
}

/**
 * Draws the visible window only, from the coarsest peaks level that still has a point per pixel: a
 * frame costs about one pass over the canvas's width, whatever the episode's length or zoom. Chapters
 * and statements are found by binary search, so their number does not count either.
 */
export function paintWaveform(p: PaintInput): void {
  const { ctx, width, height, start, pxPerSec, pyramid, time } = p
  const x = (t: number): number => (t - start) * pxPerSec
  ctx.clearRect(0, 0, width, height)
  paintBandsUnder(p)

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
  const colors = themeColors()
  bars(0, playedX, colors.played)
  bars(playedX, width, colors.wave)

  paintBandsOver(p)
}
