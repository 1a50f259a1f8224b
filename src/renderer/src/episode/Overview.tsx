import { useEffect, useRef } from 'react'
import { sizeCanvas } from './sizeCanvas'
import type { ViewWindow } from './Waveform'
import { themeColors, useColorScheme, type ColorScheme } from './themeColors'

const HEIGHT = 36

/** The overview's waveform, drawn once per size into an offscreen canvas. */
function drawBackground(peaks: Float32Array, width: number, ratio: number): HTMLCanvasElement {
  const canvas = document.createElement('canvas')
  canvas.width = Math.max(1, Math.round(width * ratio))
  canvas.height = Math.round(HEIGHT * ratio)
  const ctx = canvas.getContext('2d')
  if (!ctx) return canvas
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0)
  const pairs = peaks.length / 2
  const mid = HEIGHT / 2
  ctx.beginPath()
  for (let x = 0; x < width; x++) {
    const from = Math.floor((x / width) * pairs)
    const to = Math.max(from + 1, Math.floor(((x + 1) / width) * pairs))
    let min = 0
    let max = 0
    for (let i = from; i < to && i < pairs; i++) {
      min = Math.min(min, peaks[i * 2] as number)
      max = Math.max(max, peaks[i * 2 + 1] as number)
    }
    ctx.rect(x, mid - max * mid, 1, Math.max(1, (max - min) * mid))
  }
  ctx.fillStyle = themeColors().overviewWave
  ctx.fill()
  return canvas
}

/**
 * The whole episode at a glance, from the overview level of the peaks (a few thousand points), with
 * the part the waveform shows marked. Clicking or dragging moves the waveform's view there.
 */
export function Overview(props: {
  peaks: Float32Array
  duration: number
  view: ViewWindow | null
  time: number
  onNavigate: (time: number) => void
}): React.JSX.Element {
  const { peaks, duration, view, time, onNavigate } = props
  const canvas = useRef<HTMLCanvasElement>(null)
  const scheme = useColorScheme()
  const background = useRef<{
    peaks: Float32Array
    width: number
    scheme: ColorScheme
    image: HTMLCanvasElement
  } | null>(null)

  useEffect(() => {
    const element = canvas.current
    const ctx = element?.getContext('2d')
    if (!element || !ctx) return
    const { width } = sizeCanvas(element, ctx, HEIGHT)
    const colors = themeColors()
    let cached = background.current
    if (!cached || cached.peaks !== peaks || cached.width !== width || cached.scheme !== scheme) {
      cached = { peaks, width, scheme, image: drawBackground(peaks, width, window.devicePixelRatio || 1) }
      background.current = cached
    }
    ctx.clearRect(0, 0, width, HEIGHT)
    ctx.drawImage(cached.image, 0, 0, width, HEIGHT)
    if (view) {
      const left = (view.start / duration) * width
      const right = (view.end / duration) * width
      ctx.fillStyle = colors.overviewWindow
      ctx.fillRect(left, 0, Math.max(2, right - left), HEIGHT)
      ctx.strokeStyle = colors.overviewWindowEdge
      ctx.strokeRect(left + 0.5, 0.5, Math.max(2, right - left) - 1, HEIGHT - 1)
    }
    ctx.fillStyle = colors.playhead
    ctx.fillRect((time / duration) * width - 1, 0, 2, HEIGHT)
  }, [peaks, duration, view, time, scheme])

  const navigate = (event: React.PointerEvent<HTMLCanvasElement>): void => {
    const rect = event.currentTarget.getBoundingClientRect()
    onNavigate(Math.max(0, Math.min(duration, ((event.clientX - rect.left) / rect.width) * duration)))
  }

  return (
    <canvas
      ref={canvas}
      className="overview"
      aria-label="Overview of the whole episode"
      data-view-start={view?.start.toFixed(2)}
      data-view-end={view?.end.toFixed(2)}
      style={{ height: HEIGHT }}
      onPointerDown={(e) => {
        e.currentTarget.setPointerCapture(e.pointerId)
        navigate(e)
      }}
      onPointerMove={(e) => {
        if (e.buttons === 1) navigate(e)
      }}
    />
  )
}
