import { useCallback, useEffect, useRef, useState } from 'react'
import type { EpisodeView } from '../../../shared/contract'
import { formatClock } from '../../../shared/time'
import { isTypingTarget } from '../isTypingTarget'
import { call, platform } from '../platform'
import { useMenuCommand } from '../useMenuCommand'
import { PLAYBACK_RATES } from './playbackRates'
import { RelinkMedia } from './RelinkMedia'
import { seekMedia, setPlaybackRate } from './mediaControl'
import { TitleField } from './TitleField'
import { TranscriptPanel } from './TranscriptPanel'
import type { WaveformController } from './Waveform'
import { usePeaks } from './usePeaks'
import { WaveformPanel } from './WaveformPanel'
import { ZOOM_STEP } from './waveformZoom'

export function EpisodeScreen({ id, onClose }: { id: string; onClose: () => void }): React.JSX.Element {
  const [view, setView] = useState<EpisodeView | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [media, setMedia] = useState<HTMLMediaElement | null>(null)
  const [time, setTime] = useState(0)
  const [playing, setPlaying] = useState(false)
  const [follow, setFollow] = useState(true)
  const [rate, setRate] = useState(1)
  const waveform = useRef<WaveformController | null>(null)
  // Asked for at once, beside the episode itself: the waveform need not wait for the page to settle.
  const peaks = usePeaks(id)
  // The media element starts loading once the waveform has had its first paint (creating it costs
  // the page a fifth of a second); seeking before then is kept and applied when it loads.
  const [mediaLoads, setMediaLoads] = useState(false)
  const peaksAnswered = peaks.state.kind !== 'asking'
  useEffect(() => {
    if (!peaksAnswered || mediaLoads) return
    const idle = requestIdleCallback(() => setMediaLoads(true), { timeout: 300 })
    return () => cancelIdleCallback(idle)
  }, [peaksAnswered, mediaLoads])

  useEffect(() => {
    call('episodes.open', { id }).then(setView, (e: Error) => setError(e.message))
  }, [id])

  useEffect(() => {
    if (!media) return
    const onTime = (): void => setTime(media.currentTime)
    const onPlay = (): void => setPlaying(true)
    const onPause = (): void => setPlaying(false)
    media.addEventListener('timeupdate', onTime)
    media.addEventListener('seeked', onTime)
    media.addEventListener('play', onPlay)
    media.addEventListener('pause', onPause)
    return () => {
      media.removeEventListener('timeupdate', onTime)
      media.removeEventListener('seeked', onTime)
      media.removeEventListener('play', onPlay)
      media.removeEventListener('pause', onPause)
    }
  }, [media])

  const run = useCallback((action: Promise<EpisodeView>) => {
    action.then(
      (next) => {
        setView(next)
        setError(null)
      },
      (e: Error) => setError(e.message),
    )
  }, [])

  const togglePlay = useCallback(() => {
    if (!media) return
    if (media.paused) void media.play().catch((e: Error) => setError(`cannot play: ${e.message}`))
    else media.pause()
  }, [media])

  const seek = useCallback(
    (seconds: number) => {
      if (media) setTime(seekMedia(media, seconds))
    },
    [media],
  )

  const changeRate = useCallback(
    (next: number) => {
      setRate(next)
      if (media) setPlaybackRate(media, next)
    },
    [media],
  )

  const undo = useCallback(() => run(call('history.undo', { id })), [run, id])
  const redo = useCallback(() => run(call('history.redo', { id })), [run, id])
  const exportJson = useCallback(() => {
    call('episodes.export', { id })
      .then(({ fileName, json }) =>
        platform.saveText(fileName, json).then(() => setNotice(`Exported ${fileName}`)),
      )
      .catch((e: Error) => setError(e.message))
  }, [id])

  useMenuCommand((command) => {
    if (command === 'edit.undo') undo()
    else if (command === 'edit.redo') redo()
    else if (command === 'file.export') exportJson()
    else if (command === 'file.new' || command === 'file.open') onClose()
  })

  const duration = view?.summary.durationSeconds ?? 0
  useEffect(() => {
    const keys: Record<string, (event: KeyboardEvent) => void> = {
      ' ': () => togglePlay(),
      ArrowLeft: (e) => seek((media?.currentTime ?? 0) - (e.shiftKey ? 1 : 5)),
      ArrowRight: (e) => seek((media?.currentTime ?? 0) + (e.shiftKey ? 1 : 5)),
      Home: () => seek(0),
      End: () => seek(duration),
      '+': () => waveform.current?.zoomBy(ZOOM_STEP),
      '=': () => waveform.current?.zoomBy(ZOOM_STEP),
      '-': () => waveform.current?.zoomBy(1 / ZOOM_STEP),
    }
    const onKey = (event: KeyboardEvent): void => {
      if (isTypingTarget(event.target)) return
      const mod = event.ctrlKey || event.metaKey
      if (mod && event.key.toLowerCase() === 'z') {
        event.preventDefault()
        if (event.shiftKey) redo()
        else undo()
        return
      }
      const action = mod || event.altKey ? undefined : keys[event.key]
      if (!action) return
      event.preventDefault()
      action(event)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [togglePlay, undo, redo, seek, media, duration])

  if (!view)
    return (
      <main className="episode">
        {error ? (
          <p role="alert" className="error">
            {error}
          </p>
        ) : (
          <p>Opening…</p>
        )}
      </main>
    )
  const { summary } = view
  const Player = view.media?.kind === 'video' ? 'video' : 'audio'

  return (
    <main className="episode">
      <header className="bar">
        <button type="button" onClick={onClose} aria-label="Back to the library">
          ← Library
        </button>
        <TitleField
          key={summary.title}
          title={summary.title}
          onCommit={(title) => run(call('episodes.update', { id, patch: { title } }))}
        />
        <span className="meta">
          {[summary.show, summary.publishedOn, formatClock(summary.durationSeconds)]
            .filter(Boolean)
            .join(' · ')}
        </span>
        <span className="spacer" />
        <button
          type="button"
          onClick={undo}
          disabled={!view.history.canUndo}
          title={view.history.undoLabel ? `Undo ${view.history.undoLabel} (Ctrl+Z)` : 'Nothing to undo'}
        >
          Undo
        </button>
        <button
          type="button"
          onClick={redo}
          disabled={!view.history.canRedo}
          title={view.history.redoLabel ? `Redo ${view.history.redoLabel} (Shift+Ctrl+Z)` : 'Nothing to redo'}
        >
          Redo
        </button>
        <button type="button" onClick={exportJson}>
          Export JSON
        </button>
      </header>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      {notice && (
        <p role="status" className="notice">
          {notice}
        </p>
      )}
      <div className="workspace">
        <div className="player-column">
          {view.media && !view.media.available && (
            <RelinkMedia
              episodeId={id}
              fileName={view.media.fileName}
              onRelinked={(next, sameContent) => {
                setView(next)
                setError(null)
                setNotice(
                  sameContent
                    ? `Media relinked: ${next.media?.fileName ?? ''}`
                    : `Warning: ${next.media?.fileName ?? 'the new file'} is not the file this episode was made from (different content). Check that the times still match.`,
                )
              }}
              onError={setError}
            />
          )}
          {view.media?.available && (
            <Player
              key={`player-${view.media.fileName}`}
              ref={setMedia}
              className={Player}
              src={mediaLoads ? platform.mediaUrl(id) : undefined}
              preload="metadata"
              controls={Player === 'video'}
            />
          )}
          {media && view.media?.available && (
            <WaveformPanel
              key={`waveform-${view.media.fileName}`}
              peaks={peaks}
              media={media}
              duration={summary.durationSeconds}
              time={time}
              follow={follow}
              chapters={view.chapters}
              statements={view.statements}
              controller={waveform}
            />
          )}
          <div className="transport">
            <button
              type="button"
              onClick={togglePlay}
              disabled={!media}
              aria-label={playing ? 'Pause' : 'Play'}
            >
              {playing ? '❚❚ Pause' : '▶ Play'}
            </button>
            <output aria-label="Playhead">{formatClock(time)}</output>
            <label>
              Speed{' '}
              <select
                aria-label="Playback speed"
                value={rate}
                onChange={(e) => changeRate(Number(e.target.value))}
              >
                {PLAYBACK_RATES.map((r) => (
                  <option key={r} value={r}>
                    {r}×
                  </option>
                ))}
              </select>
            </label>
            <label>
              <input type="checkbox" checked={follow} onChange={(e) => setFollow(e.target.checked)} /> Follow
              playhead
            </label>
            <button
              type="button"
              aria-label="Zoom out"
              onClick={() => waveform.current?.zoomBy(1 / ZOOM_STEP)}
            >
              −
            </button>
            <button type="button" aria-label="Zoom in" onClick={() => waveform.current?.zoomBy(ZOOM_STEP)}>
              +
            </button>
          </div>
          <p className="hint keys">
            Space play/pause · ←/→ 5 s (Shift: 1 s) · Home/End · +/− or Ctrl+wheel zoom · Ctrl+Z undo
          </p>
        </div>
        <TranscriptPanel segments={view.segments} time={time} onSeek={seek} />
      </div>
    </main>
  )
}
