import { useState } from 'react'
import type { CommandId } from '../../../../shared/commands'
import { shortcutOf } from '../../commands/shortcuts'
import { CommandButton } from '../EpisodeToolbar'
import { PLAYBACK_RATES } from './playbackRates'
import { formatTenths, typedTime } from './typedTime'
import type { Playback } from './usePlayback'

/** The clock under the waveform, to the tenth; a click (or Ctrl+G) makes it a field to type a time in. */
function PlayheadClock(props: {
  playback: Playback
  duration: number
  editing: boolean
  setEditing: (editing: boolean) => void
}): React.JSX.Element {
  const { playback, duration, editing, setEditing } = props
  const [error, setError] = useState<string | null>(null)
  const close = (field: HTMLInputElement): void => {
    setError(null)
    setEditing(false)
    // Back to the waveform's keys.
    field.blur()
  }
  if (!editing)
    return (
      <output
        aria-label="Playhead"
        className="clock"
        title={`Click or press ${shortcutOf('playback.goTo')} to type a time`}
        onClick={() => setEditing(true)}
      >
        {formatTenths(playback.time)}
      </output>
    )
  return (
    <span className="clock-field">
      <input
        aria-label="Go to time"
        className="clock"
        autoFocus
        defaultValue={formatTenths(playback.now())}
        placeholder="7:30, 1:02:03.5, 450, +10, -2.5"
        aria-invalid={error !== null}
        aria-describedby={error ? 'go-to-time-error' : undefined}
        onFocus={(e) => e.currentTarget.select()}
        onBlur={() => {
          setError(null)
          setEditing(false)
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.preventDefault()
            close(e.currentTarget)
          }
          if (e.key !== 'Enter') return
          e.preventDefault()
          const result = typedTime(e.currentTarget.value, playback.now(), duration)
          if (!result.ok) return setError(result.error)
          playback.seek(result.seconds)
          close(e.currentTarget)
        }}
      />
      {error && (
        <span id="go-to-time-error" role="alert" className="field-error">
          {error}
        </span>
      )}
    </span>
  )
}

/** Play, the clock, speed, follow and zoom, and the line of hints, all from the declared commands. */
export function Transport(props: {
  playback: Playback
  duration: number
  run: (id: CommandId) => void
  goTo: { editing: boolean; setEditing: (editing: boolean) => void }
  hints: React.ReactNode
}): React.JSX.Element {
  const { playback, run } = props
  return (
    <>
      <div className="transport">
        <CommandButton
          id="playback.toggle"
          run={run}
          enabled={playback.media !== null}
          ariaLabel={playback.playing ? 'Pause' : 'Play'}
        >
          {playback.playing ? '❚❚ Pause' : '▶ Play'}
        </CommandButton>
        <PlayheadClock
          playback={playback}
          duration={props.duration}
          editing={props.goTo.editing}
          setEditing={props.goTo.setEditing}
        />
        <label>
          Speed{' '}
          <select
            aria-label="Playback speed"
            value={playback.rate}
            onChange={(e) => playback.changeRate(Number(e.target.value))}
          >
            {PLAYBACK_RATES.map((r) => (
              <option key={r} value={r}>
                {r}×
              </option>
            ))}
          </select>
        </label>
        <label>
          <input
            type="checkbox"
            checked={playback.follow}
            onChange={(e) => playback.setFollow(e.target.checked)}
          />{' '}
          Follow playhead
        </label>
        <CommandButton id="zoom.out" run={run} ariaLabel="Zoom out">
          −
        </CommandButton>
        <CommandButton id="zoom.in" run={run} ariaLabel="Zoom in">
          +
        </CommandButton>
      </div>
      <p className="hint keys">{props.hints}</p>
    </>
  )
}

/** A hint for a command: its key as the platform writes it, then what it does. */
export const hint = (id: CommandId, words: string): string => `${shortcutOf(id)} ${words}`
