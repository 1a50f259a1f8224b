import { useEffect, useRef } from 'react'
import { formatClock } from '../../../shared/time'
import { sizeCanvas } from './sizeCanvas'
import type { ViewWindow } from './Waveform'
import { themeColors, useColorScheme } from './themeColors'

const HEIGHT = 20
const STEPS = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600]

/** The interval between labelled ticks: the smallest that leaves room for a label. */
export function labelInterval(pxPerSec: number, minSpacingPx = 70): number {
  return STEPS.find((s) => s * pxPerSec >= minSpacingPx) ?? 7200
}

/**
 * The time ruler under the waveform. It draws only the visible window, so its cost does not grow
 * with the episode's length or the zoom (a DOM node per tick would, at three hours).
 */
export function TimeRuler({ view }: { view: ViewWindow | null }): React.JSX.Element {
  const canvas = useRef<HTMLCanvasElement>(null)
  const scheme = useColorScheme()
  useEffect(() => {
    const element = canvas.current
    const ctx = element?.getContext('2d')
    if (!element || !ctx || !view) return
    const { width } = sizeCanvas(element, ctx, HEIGHT)
    ctx.clearRect(0, 0, width, HEIGHT)
    const every = labelInterval(view.pxPerSec)
    const minor = every / 5
    ctx.fillStyle = themeColors().ruler
    ctx.font = '11px system-ui, sans-serif'
    const first = Math.floor(view.start / minor) * minor
    for (let t = first; t <= view.end + minor; t += minor) {
      const x = Math.round((t - view.start) * view.pxPerSec) + 0.5
      const major = Math.abs(t / every - Math.round(t / every)) < 1e-6
      ctx.fillRect(x, 0, 1, major ? 8 : 4)
      if (major) ctx.fillText(formatClock(t), x + 3, 17)
    }
  }, [view, scheme])
  return <canvas ref={canvas} className="time-ruler" aria-hidden="true" style={{ height: HEIGHT }} />
}
