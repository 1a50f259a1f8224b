import { useEffect, useRef } from 'react'
import WaveSurfer from 'wavesurfer.js'
import { clampZoom, scrollKeepingAnchor, ZOOM_STEP } from './waveformZoom'
import { themeColors, useColorScheme } from './themeColors'
import { createScope } from '../scope'

export interface WaveformController {
  /** Multiplies the zoom by `factor`, keeping the time under `anchorX` (px from the left) in place. */
  zoomBy(factor: number, anchorX?: number): void
  /** Scrolls so that `time` is in the middle of the view. */
  centerOn(time: number): void
  /** Scrolls by `px` (left when negative) and answers the view it shows now. */
  scrollBy(px: number): ViewWindow
}

export interface ViewWindow {
  start: number
  end: number
  pxPerSec: number
}

/**
 * wavesurfer.js over the page's media element: the scrollable, zoomable timeline with the playhead
 * and following playback (clicks and drags on it are useSpanDrag's). It is handed peaks and the
 * duration, so it never fetches or decodes the media itself.
 */
export function Waveform(props: {
  /** A few thousand points: wavesurfer needs peaks for its timeline, not for painting. */
  coarsePeaks: Float32Array
  duration: number
  media: HTMLMediaElement
  follow: boolean
  controllerRef: React.RefObject<WaveformController | null>
  onView: (view: ViewWindow) => void
}): React.JSX.Element {
  const { coarsePeaks, duration, media, follow, controllerRef, onView } = props
  const container = useRef<HTMLDivElement>(null)
  const surfer = useRef<WaveSurfer | null>(null)
  const onViewRef = useRef(onView)
  const followRef = useRef(follow)
  useEffect(() => {
    onViewRef.current = onView
  })

  useEffect(() => {
    const element = container.current
    if (!element) return
    const fit = (): number => element.clientWidth / duration
    const ws = WaveSurfer.create({
      container: element,
      media,
      // wavesurfer keeps the geometry, cursor, seeking and follow; WaveformLayer paints the waves
      // beneath it from the peak levels (its own canvases, one per 8000 px with a copy for progress,
      // cost too much per zoom step on long episodes), so it gets the overview level and no height.
      peaks: [coarsePeaks],
      duration,
      height: 0,
      waveColor: 'transparent',
      progressColor: 'transparent',
      renderFunction: () => undefined,
      cursorColor: themeColors().playhead,
      cursorWidth: 2,
      normalize: false,
      // Presses on the waves are useSpanDrag's: a drag makes a statement, a click seeks.
      dragToSeek: false,
      autoScroll: true,
      autoCenter: true,
    })
    surfer.current = ws
    // Zoomed in, the timeline scrolls sideways: in the Tab order, so a keyboard reaches what the mouse
    // does (once there, the keys are still the editor's).
    const scroller = ws.getWrapper().parentElement
    if (scroller) {
      scroller.tabIndex = 0
      scroller.setAttribute('role', 'group')
      scroller.setAttribute('aria-label', 'Waveform timeline')
    }
    let pxPerSec = 0
    const current = (): ViewWindow => {
      const width = element.clientWidth
      const scale = pxPerSec || fit()
      const start = ws.getScroll() / scale
      return { start, end: Math.min(duration, start + width / scale), pxPerSec: scale }
    }
    const report = (): void => onViewRef.current(current())
    ws.on('scroll', report)
    // The fit-to-width view is known before wavesurfer is ready: paint it at once.
    report()
    ws.on('ready', () => {
      element.dataset.ready = 'true'
      report()
    })
    controllerRef.current = {
      zoomBy: (factor, anchorX) => {
        const from = pxPerSec || fit()
        const to = clampZoom(from * factor, fit())
        if (to === from) return
        const width = element.clientWidth
        // Following the playhead, a zoom from the keys or buttons keeps it where it is on screen (or
        // brings it to the middle when it was out of view); otherwise the middle of the view stays put.
        const playheadX = media.currentTime * from - ws.getScroll()
        const following = anchorX === undefined && followRef.current
        const anchor = anchorX ?? (following && playheadX >= 0 && playheadX <= width ? playheadX : width / 2)
        const scroll =
          following && (playheadX < 0 || playheadX > width)
            ? Math.max(0, media.currentTime * to - width / 2)
            : scrollKeepingAnchor(ws.getScroll(), anchor, from, to)
        pxPerSec = to
        ws.zoom(to)
        ws.setScroll(scroll)
        report()
      },
      centerOn: (time) => {
        ws.setScroll(Math.max(0, time * (pxPerSec || fit()) - element.clientWidth / 2))
        report()
      },
      scrollBy: (px) => {
        ws.setScroll(Math.max(0, ws.getScroll() + px))
        report()
        return current()
      },
    }
    const onWheel = (event: WheelEvent): void => {
      if (!event.ctrlKey && !event.metaKey) return
      event.preventDefault()
      // A mouse notch (100) is one 1.5x step; trackpad pinches send small deltas and zoom smoothly.
      const factor = Math.pow(ZOOM_STEP, -Math.max(-100, Math.min(100, event.deltaY)) / 100)
      controllerRef.current?.zoomBy(factor, event.clientX - element.getBoundingClientRect().left)
    }
    const scope = createScope()
    scope.listen(element, 'wheel', onWheel, { passive: false })
    return () => {
      scope.dispose()
      controllerRef.current = null
      surfer.current = null
      ws.destroy()
    }
  }, [coarsePeaks, duration, media, controllerRef])

  useEffect(() => {
    followRef.current = follow
    surfer.current?.setOptions({ autoScroll: follow, autoCenter: follow })
  }, [follow])

  const scheme = useColorScheme()
  useEffect(() => {
    surfer.current?.setOptions({ cursorColor: themeColors().playhead })
  }, [scheme])

  return <div ref={container} className="waveform-canvas" data-testid="waveform" />
}
