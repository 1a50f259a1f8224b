import { useLayoutEffect, useRef } from 'react'
import { PLAYER_HEIGHT } from '../../../shared/preferences'

/** How far one press of ↑ or ↓ moves the line, in CSS pixels. */
const STEP = 16

const clamp = (height: number): number =>
  Math.round(Math.min(PLAYER_HEIGHT.most, Math.max(PLAYER_HEIGHT.least, height)))

/**
 * The line under the video: dragged, or moved with ↑ and ↓ once focused, it gives the video or the tables
 * under it more room, and the height is kept for every episode; a double-click (or Home) makes it
 * automatic again.
 */
export function PlayerSplitter(props: {
  /** The video's height now, in CSS pixels. */
  measure: () => number
  /** The height shown while the line is dragged. */
  onDrag: (height: number) => void
  /** The height to keep; null: automatic. */
  onKeep: (height: number | null) => void
  height: number | null
}): React.JSX.Element {
  const { measure, onDrag, onKeep } = props
  const drag = useRef<{ y: number; from: number; at: number } | null>(null)
  // The automatic height is read once it may have changed, never at each render: the screen renders at
  // every tick of the playhead, and a layout read there would force a layout per frame.
  const line = useRef<HTMLDivElement>(null)
  useLayoutEffect(() => {
    line.current?.setAttribute('aria-valuenow', String(props.height ?? Math.round(measure())))
  }, [measure, props.height])
  return (
    <div
      ref={line}
      className="player-splitter"
      role="separator"
      aria-orientation="horizontal"
      aria-label="Video height: drag, or ↑ and ↓"
      aria-valuemin={PLAYER_HEIGHT.least}
      aria-valuemax={PLAYER_HEIGHT.most}
      title="Drag to give the video or the tables more room (↑ ↓ when focused); double-click for the automatic height"
      tabIndex={0}
      onPointerDown={(e) => {
        e.preventDefault()
        e.currentTarget.setPointerCapture(e.pointerId)
        const from = measure()
        drag.current = { y: e.clientY, from, at: from }
      }}
      onPointerMove={(e) => {
        const d = drag.current
        if (!d) return
        d.at = clamp(d.from + e.clientY - d.y)
        onDrag(d.at)
      }}
      onPointerUp={() => {
        const d = drag.current
        drag.current = null
        if (d && d.at !== d.from) onKeep(d.at)
      }}
      onDoubleClick={() => onKeep(null)}
      onKeyDown={(e) => {
        const step = e.key === 'ArrowUp' ? -STEP : e.key === 'ArrowDown' ? STEP : 0
        if (step === 0 && e.key !== 'Home') return
        // The editor's own keys (seek, zoom) are not for the line.
        e.preventDefault()
        e.stopPropagation()
        onKeep(step === 0 ? null : clamp(measure() + step))
      }}
    />
  )
}
