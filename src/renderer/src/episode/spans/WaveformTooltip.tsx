/**
 * A tooltip over the waveform at `left` px from its visible start (and `top` px down, where given): the
 * CSS of its class places it there and clamps it against the right edge, so it stays inside the waveform.
 */
export function WaveformTooltip(props: {
  className: string
  left: number
  top?: number
  children: React.ReactNode
}): React.JSX.Element {
  const place: Record<string, string> = { '--left': `${Math.max(0, props.left)}px` }
  if (props.top !== undefined) place['--top'] = `${props.top}px`
  return (
    <div className={props.className} role="tooltip" style={place as React.CSSProperties}>
      {props.children}
    </div>
  )
}
