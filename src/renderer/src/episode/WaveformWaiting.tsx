import type { PeaksState } from './usePeaks'

/** A reason the waveform is not there, with the button that tries again. */
function RetryAlert(props: { message: string; label?: string; retry: () => void }): React.JSX.Element {
  return (
    <p role="alert" className="error">
      {props.message}{' '}
      <button type="button" onClick={props.retry}>
        {props.label ?? 'Retry'}
      </button>
    </p>
  )
}

/** How far the waveform's decode has come, with Cancel: above the waves while they fill in. */
export function PeaksProgress(props: { progress: number; cancel: () => void }): React.JSX.Element {
  const percent = Math.round(props.progress * 100)
  return (
    <div className="peaks-progress">
      <label>
        Computing the waveform… <progress max={100} value={percent} aria-label="Waveform progress" />{' '}
        {percent}%
      </label>
      <button type="button" onClick={props.cancel}>
        Cancel
      </button>
    </div>
  )
}

/**
 * The waveform's place while the peaks are asked for, computed before anything is decoded (with
 * progress and Cancel) or failed.
 */
export function WaveformWaiting(props: {
  state: Exclude<PeaksState, { kind: 'ready' | 'filling' }>
  cancel: () => void
  retry: () => void
}): React.JSX.Element {
  const { state, cancel, retry } = props
  if (state.kind === 'error')
    return (
      <section className="waveform" aria-label="Waveform" data-state="error">
        <RetryAlert message={state.message} retry={retry} />
      </section>
    )
  if (state.kind === 'asking')
    return <section className="waveform" aria-label="Waveform" data-state="asking" />
  const { status } = state
  return (
    <section className="waveform" aria-label="Waveform" data-state={status.state}>
      {status.state === 'computing' && <PeaksProgress progress={status.progress} cancel={cancel} />}
      {(status.state === 'cancelled' || status.state === 'missing') && (
        <p className="hint">
          No waveform yet.{' '}
          <button type="button" onClick={retry}>
            Compute the waveform
          </button>
        </p>
      )}
      {(status.state === 'failed' || status.state === 'unavailable') && (
        <RetryAlert message={status.message} retry={retry} />
      )}
    </section>
  )
}
