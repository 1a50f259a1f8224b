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

/** The waveform's place while the peaks are asked for, computed (with progress and Cancel) or failed. */
export function WaveformWaiting(props: {
  state: Exclude<PeaksState, { kind: 'ready' }>
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
        <RetryAlert message={status.message} retry={retry} />
      )}
    </section>
  )
}
