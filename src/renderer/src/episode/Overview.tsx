import { useEffect, useRef } from 'react'
import type { ViewWindow } from './Waveform'

const HEIGHT = 36

/**
 * The whole episode at a glance, from the coarsest level of the peaks (a few thousand points), with the part the waveform shows
 * marked. Clicking or dragging moves the waveform's view there.
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
  const coarse = peaks

  useEffect(() => {
    const element = canvas.current
    const ctx = element?.getContext('2d')
    if (!element || !ctx) return
    const width = element.clientWidth
    const ratio = window.devicePixelRatio || 1
    element.width = Math.round(width * ratio)
    element.height = Math.round(HEIGHT * ratio)
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0)
    ctx.clearRect(0, 0, width, HEIGHT)
    const pairs = coarse.length / 2
    const mid = HEIGHT / 2
    ctx.fillStyle = '#9aa9b8'
    for (let x = 0; x < width; x++) {
      const from = Math.floor((x / width) * pairs)
      const to = Math.max(from + 1, Math.floor(((x + 1) / width) * pairs))
      let min = 0
      let max = 0
      for (let i = from; i < to && i < pairs; i++) {
        min = Math.min(min, coarse[i * 2] as number)
        max = Math.max(max, coarse[i * 2 + 1] as number)
      }
      ctx.fillRect(x, mid - max * mid, 1, Math.max(1, (max - min) * mid))
    }
    if (view) {
      const left = (view.start / duration) * width
      const right = (view.end / duration) * width
      ctx.fillStyle = 'rgba(47, 79, 111, 0.18)'
      ctx.fillRect(left, 0, Math.max(2, right - left), HEIGHT)
      ctx.strokeStyle = '#2f4f6f'
      ctx.strokeRect(left + 0.5, 0.5, Math.max(2, right - left) - 1, HEIGHT - 1)
    }
    ctx.fillStyle = '#d2452b'
    ctx.fillRect((time / duration) * width - 1, 0, 2, HEIGHT)
  }, [coarse, duration, view, time])

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
