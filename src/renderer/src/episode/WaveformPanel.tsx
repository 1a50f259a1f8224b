import { useEffect, useMemo, useState } from 'react'
import { PeakPyramid } from '../../../shared/waveformData'
import type { SpanView } from '../../../shared/contract'
import { Overview } from './Overview'
import { TimeRuler } from './TimeRuler'
import type { PeaksState } from './usePeaks'
import { Waveform, type ViewWindow, type WaveformController } from './Waveform'
import { WaveformLayer } from './WaveformLayer'

/** Waveform and overview once the peaks are there; progress with Cancel while the core computes them. */
export function WaveformPanel(props: {
  peaks: { state: PeaksState; cancel: () => void; retry: () => void }
  media: HTMLMediaElement
  duration: number
  time: number
  follow: boolean
  chapters: readonly SpanView[]
  statements: readonly SpanView[]
  controller: React.RefObject<WaveformController | null>
}): React.JSX.Element {
  const { peaks, media, duration, time, follow, chapters, statements, controller } = props
  const { state, cancel, retry } = peaks
  const [view, setView] = useState<ViewWindow | null>(null)
  const pyramid = useMemo(
    () => (state.kind === 'ready' ? new PeakPyramid(state.full ?? state.overview, duration) : null),
    [state, duration],
  )
  // The finer levels are made after the first paint, while the editor looks at the waveform.
  useEffect(() => {
    if (!pyramid) return
    const idle = requestIdleCallback(() => pyramid.warm())
    return () => cancelIdleCallback(idle)
  }, [pyramid])

  if (state.kind === 'error')
    return (
      <section className="waveform" aria-label="Waveform" data-state="error">
        <p role="alert" className="error">
          {state.message}{' '}
          <button type="button" onClick={retry}>
            Retry
          </button>
        </p>
      </section>
    )
  if (state.kind === 'asking')
    return <section className="waveform" aria-label="Waveform" data-state="asking" />
  if (state.kind === 'waiting') {
    const { status } = state
    return (
      <section className="waveform" aria-label="Waveform" data-state={status.state}>
        {status.state === 'computing' && (
          <div className="peaks-progress">
            <label>
              Computing the waveform…{' '}
              <progress max={100} value={Math.round(status.progress * 100)} aria-label="Waveform progress" />{' '}
              {Math.round(status.progress * 100)}%
            </label>
            <button type="button" onClick={cancel}>
              Cancel
            </button>
          </div>
        )}
        {(status.state === 'cancelled' || status.state === 'missing') && (
          <p className="hint">
            No waveform yet.{' '}
            <button type="button" onClick={retry}>
              Compute the waveform
            </button>
          </p>
        )}
        {(status.state === 'failed' || status.state === 'unavailable') && (
          <p role="alert" className="error">
            {status.message}{' '}
            <button type="button" onClick={retry}>
              Retry
            </button>
          </p>
        )}
      </section>
    )
  }
  if (!pyramid) return <section className="waveform" aria-label="Waveform" data-state="computing" />
  return (
    <section className="waveform" aria-label="Waveform" data-state="ready">
      <div className="waveform-stack">
        <WaveformLayer
          view={view}
          duration={duration}
          pyramid={pyramid}
          time={time}
          chapters={chapters}
          statements={statements}
        />
        <Waveform
          coarsePeaks={state.overview}
          duration={duration}
          media={media}
          follow={follow}
          controllerRef={controller}
          onView={setView}
        />
      </div>
      <TimeRuler view={view} />
      <Overview
        peaks={state.overview}
        duration={duration}
        view={view}
        time={time}
        onNavigate={(t) => controller.current?.centerOn(t)}
      />
    </section>
  )
}
