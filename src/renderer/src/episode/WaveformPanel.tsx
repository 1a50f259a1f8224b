import { useState } from 'react'
import type { SpanView } from '../../../shared/contract'
import { Overview } from './Overview'
import { usePeaks } from './usePeaks'
import { Waveform, type ViewWindow, type WaveformController } from './Waveform'

/** Waveform and overview once the peaks are there; progress with Cancel while the core computes them. */
export function WaveformPanel(props: {
  episodeId: string
  media: HTMLMediaElement
  duration: number
  time: number
  follow: boolean
  chapters: readonly SpanView[]
  statements: readonly SpanView[]
  controller: React.RefObject<WaveformController | null>
}): React.JSX.Element {
  const { episodeId, media, duration, time, follow, chapters, statements, controller } = props
  const { state, cancel, retry } = usePeaks(episodeId)
  const [view, setView] = useState<ViewWindow | null>(null)

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
  return (
    <section className="waveform" aria-label="Waveform" data-state="ready">
      <Waveform
        peaks={state.peaks}
        duration={duration}
        media={media}
        chapters={chapters}
        statements={statements}
        follow={follow}
        controllerRef={controller}
        onView={setView}
      />
      <Overview
        peaks={state.peaks}
        duration={duration}
        view={view}
        time={time}
        onNavigate={(t) => controller.current?.centerOn(t)}
      />
    </section>
  )
}
