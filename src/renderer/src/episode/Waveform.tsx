import { useEffect, useRef } from 'react'
import WaveSurfer from 'wavesurfer.js'
import RegionsPlugin from 'wavesurfer.js/dist/plugins/regions.esm.js'
import TimelinePlugin from 'wavesurfer.js/dist/plugins/timeline.esm.js'
import type { SpanView } from '../../../shared/contract'
import { clampZoom, scrollKeepingAnchor, ZOOM_STEP } from './waveformZoom'

export interface WaveformController {
  /** Multiplies the zoom by `factor`, keeping the time under `anchorX` (px from the left) in place. */
  zoomBy(factor: number, anchorX?: number): void
  /** Scrolls so that `time` is in the middle of the view. */
  centerOn(time: number): void
  zoom(): number
}

export interface ViewWindow {
  start: number
  end: number
  pxPerSec: number
}

const CHAPTER_COLORS = ['rgba(90, 130, 190, 0.10)', 'rgba(90, 170, 130, 0.10)']
const STATEMENT_COLOR = 'rgba(201, 162, 39, 0.35)'

/**
 * The waveform, drawn by wavesurfer.js from peaks the core computed (and cached) for this media. It
 * is handed the duration too, so it never fetches or decodes the media itself; playback stays with
 * the page's media element.
 */
export function Waveform(props: {
  peaks: Float32Array
  duration: number
  media: HTMLMediaElement
  chapters: readonly SpanView[]
  statements: readonly SpanView[]
  follow: boolean
  controllerRef: React.RefObject<WaveformController | null>
  onView: (view: ViewWindow) => void
}): React.JSX.Element {
  const { peaks, duration, media, chapters, statements, follow, controllerRef, onView } = props
  const container = useRef<HTMLDivElement>(null)
  const surfer = useRef<WaveSurfer | null>(null)
  const regions = useRef<ReturnType<typeof RegionsPlugin.create> | null>(null)
  const onViewRef = useRef(onView)
  useEffect(() => {
    onViewRef.current = onView
  })

  useEffect(() => {
    const element = container.current
    if (!element) return
    const regionsPlugin = RegionsPlugin.create()
    const ws = WaveSurfer.create({
      container: element,
      media,
      peaks: [peaks],
      duration,
      height: 128,
      waveColor: '#7a8fa6',
      progressColor: '#2f4f6f',
      cursorColor: '#d2452b',
      cursorWidth: 2,
      normalize: false,
      dragToSeek: true,
      autoScroll: true,
      autoCenter: true,
      plugins: [
        TimelinePlugin.create({ height: 18, style: { fontSize: '11px', color: '#555' } }),
        regionsPlugin,
      ],
    })
    surfer.current = ws
    regions.current = regionsPlugin
    let pxPerSec = 0
    const fit = (): number => element.clientWidth / duration
    const report = (): void => {
      const width = element.clientWidth
      const scale = pxPerSec || fit()
      const start = ws.getScroll() / scale
      onViewRef.current({ start, end: Math.min(duration, start + width / scale), pxPerSec: scale })
    }
    ws.on('scroll', report)
    ws.on('ready', () => {
      element.dataset.ready = 'true'
      report()
    })
    controllerRef.current = {
      zoomBy: (factor, anchorX) => {
        const from = pxPerSec || fit()
        const to = clampZoom(from * factor, fit())
        if (to === from) return
        const anchor = anchorX ?? element.clientWidth / 2
        const scroll = scrollKeepingAnchor(ws.getScroll(), anchor, from, to)
        pxPerSec = to
        ws.zoom(to)
        ws.setScroll(scroll)
        report()
      },
      centerOn: (time) => {
        ws.setScroll(Math.max(0, time * (pxPerSec || fit()) - element.clientWidth / 2))
        report()
      },
      zoom: () => pxPerSec || fit(),
    }
    const onWheel = (event: WheelEvent): void => {
      if (!event.ctrlKey && !event.metaKey) return
      event.preventDefault()
      // A mouse notch (100) is one 1.5x step; trackpad pinches send small deltas and zoom smoothly.
      const factor = Math.pow(ZOOM_STEP, -Math.max(-100, Math.min(100, event.deltaY)) / 100)
      controllerRef.current?.zoomBy(factor, event.clientX - element.getBoundingClientRect().left)
    }
    element.addEventListener('wheel', onWheel, { passive: false })
    return () => {
      element.removeEventListener('wheel', onWheel)
      controllerRef.current = null
      surfer.current = null
      regions.current = null
      ws.destroy()
    }
  }, [peaks, duration, media, controllerRef])

  useEffect(() => {
    surfer.current?.setOptions({ autoScroll: follow, autoCenter: follow })
  }, [follow])

  useEffect(() => {
    const plugin = regions.current
    if (!plugin) return
    plugin.clearRegions()
    chapters.forEach((c, i) =>
      plugin.addRegion({
        id: `chapter-${c.id}`,
        start: c.start,
        end: c.end,
        color: CHAPTER_COLORS[i % 2],
        drag: false,
        resize: false,
      }),
    )
    for (const s of statements)
      plugin.addRegion({
        id: `statement-${s.id}`,
        start: s.start,
        end: s.end,
        color: STATEMENT_COLOR,
        drag: false,
        resize: false,
      })
  }, [chapters, statements, peaks])

  return <div ref={container} className="waveform-canvas" data-testid="waveform" />
}
