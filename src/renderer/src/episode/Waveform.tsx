import { useEffect, useRef, useState } from 'react'
import WaveSurfer from 'wavesurfer.js'
import TimelinePlugin from 'wavesurfer.js/dist/plugins/timeline.esm.js'
import { channelPeaks, readWaveformData } from '../../../shared/waveformData'
import { platform } from '../platform'

/**
 * The waveform, drawn by wavesurfer.js from peaks the core computed (and cached) for this media. It is
 * handed the duration too, so it never fetches or decodes the media itself; playback stays with the
 * page's media element.
 */
export function Waveform(props: {
  episodeId: string
  media: HTMLMediaElement
  duration: number
}): React.JSX.Element {
  const { episodeId, media, duration } = props
  const container = useRef<HTMLDivElement>(null)
  const [state, setState] = useState<'loading' | 'ready' | string>('loading')

  useEffect(() => {
    const abort = new AbortController()
    let wavesurfer: WaveSurfer | null = null
    fetch(platform.peaksUrl(episodeId), { signal: abort.signal })
      .then(async (response) => {
        if (!response.ok)
          throw new Error((await response.text()) || `waveform unavailable (${response.status})`)
        return readWaveformData(await response.arrayBuffer())
      })
      .then((waveform) => {
        if (abort.signal.aborted || !container.current) return
        wavesurfer = WaveSurfer.create({
          container: container.current,
          media,
          peaks: [channelPeaks(waveform)],
          duration,
          height: 128,
          waveColor: '#7a8fa6',
          progressColor: '#2f4f6f',
          cursorColor: '#d2452b',
          cursorWidth: 2,
          normalize: true,
          dragToSeek: true,
          plugins: [TimelinePlugin.create({ height: 18, style: { fontSize: '11px', color: '#555' } })],
        })
        wavesurfer.once('ready', () => setState('ready'))
      })
      .catch((error: Error) => {
        if (!abort.signal.aborted) setState(error.message)
      })
    return () => {
      abort.abort()
      wavesurfer?.destroy()
    }
  }, [episodeId, media, duration])

  return (
    <section
      className="waveform"
      aria-label="Waveform"
      data-state={state === 'loading' || state === 'ready' ? state : 'error'}
    >
      {state === 'loading' && <p className="hint">Computing the waveform…</p>}
      {state !== 'loading' && state !== 'ready' && (
        <p role="alert" className="error">
          {state}
        </p>
      )}
      <div ref={container} />
    </section>
  )
}
