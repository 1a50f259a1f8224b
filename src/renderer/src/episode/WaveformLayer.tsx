import { memo, useLayoutEffect, useRef } from 'react'
import type { PeakPyramid } from '../../../shared/waveformData'
import { paintWaveform } from './paintWaveform'
import { sizeCanvas } from './sizeCanvas'
import { useColorScheme } from './themeColors'
import type { Bands } from './spans/paintBands'
import type { ViewWindow } from './Waveform'
import { useScope } from '../scope'

/**
 * The canvas under wavesurfer's (transparent) view: the waveform, chapters, statements, the loop and the
 * `[` mark, painted per view.
 */
export const WaveformLayer = memo(function WaveformLayer(
  props: {
    view: ViewWindow | null
    duration: number
    pyramid: PeakPyramid
    time: number
  } & Bands,
): React.JSX.Element {
  const { view, duration, ...frame } = props
  const { statements, pyramid, chapters, highlights } = props
  const canvas = useRef<HTMLCanvasElement>(null)
  const scope = useScope()
  // A change of the OS's light or dark setting renders, and so paints, again.
  useColorScheme()

  // Before the browser paints, so the layer never lags the scroll or the drag it follows; after every
  // render, which (memoized) is every change of what it paints.
  useLayoutEffect(() => {
    const element = canvas.current
    const ctx = element?.getContext('2d')
    if (!element || !ctx) return
    const { width, height } = sizeCanvas(element, ctx)
    // Until wavesurfer reports its view, the whole episode fits the width: paint that at once.
    paintWaveform({
      ctx,
      width,
      height,
      start: view?.start ?? 0,
      pxPerSec: view?.pxPerSec ?? width / duration,
      ...frame,
    })
    // How many times it was painted: a title or a score typed should not paint it (tests read it).
    element.dataset.paints = String(Number(element.dataset.paints ?? 0) + 1)
    if (!element.dataset.painted) {
      element.dataset.painted = 'true'
      // When the frame holding the first waveform has been handed to the screen (the bench reads it).
      scope.frame(() => (element.dataset.presentedAt = performance.now().toFixed(1)))
    }
  })

  return (
    <canvas
      ref={canvas}
      className="waveform-layer"
      aria-hidden="true"
      data-statements={statements.byId.size}
      data-finest={Math.round(pyramid.finest.pxPerSec)}
      data-chapters={chapters.spans.length}
      data-highlights={highlights.length}
    />
  )
})
