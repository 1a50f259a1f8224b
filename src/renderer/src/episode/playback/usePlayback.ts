import { useCallback, useEffect, useRef, useState } from 'react'
import { seekMedia, setPlaybackRate } from './mediaControl'
import { createScope } from '../../scope'

/** A stretch of media played over and over (L), or once (audition). */
export interface PlaySpan {
  start: number
  end: number
  /** Once: playback stops at the end instead of going back to the start. */
  once?: boolean
}

export interface Playback {
  media: HTMLMediaElement | null
  setMedia: (media: HTMLMediaElement | null) => void
  /** The playhead as last drawn. */
  time: number
  /** The playhead exactly, now (the media's own clock when there is media). */
  now: () => number
  playing: boolean
  rate: number
  changeRate: (rate: number) => void
  follow: boolean
  setFollow: (follow: boolean) => void
  loop: PlaySpan | null
  setLoop: (span: PlaySpan | null) => void
  seek: (seconds: number) => void
  togglePlay: () => void
  /** Plays `span` from its start: looping, or once. */
  playSpan: (span: PlaySpan) => void
}

/** The media element, its clock and its controls; without media the playhead still moves for the review. */
export function usePlayback(duration: number, onError: (message: string) => void): Playback {
  const [media, setMedia] = useState<HTMLMediaElement | null>(null)
  const [time, setTime] = useState(0)
  const [playing, setPlaying] = useState(false)
  const [follow, setFollow] = useState(true)
  const [rate, setRate] = useState(1)
  const [loop, setLoop] = useState<PlaySpan | null>(null)
  const loopRef = useRef(loop)
  useEffect(() => {
    loopRef.current = loop
  }, [loop])

  useEffect(() => {
    if (!media) return
    const onTime = (): void => setTime(media.currentTime)
    const onLoopTime = (): void => {
      const span = loopRef.current
      if (!span || media.paused || media.currentTime < span.end) return
      if (span.once) {
        media.pause()
        // The clock ticks a few times a second: back to the end, so the playhead shows where it stopped.
        media.currentTime = span.end
        setLoop(null)
      } else media.currentTime = span.start
    }
    const onPlay = (): void => setPlaying(true)
    const onPause = (): void => setPlaying(false)
    const scope = createScope()
    // The loop's check first: a pass over the end jumps back before the playhead is drawn there.
    scope.listen(media, 'timeupdate', onLoopTime)
    scope.listen(media, 'timeupdate', onTime)
    scope.listen(media, 'seeked', onTime)
    scope.listen(media, 'play', onPlay)
    scope.listen(media, 'pause', onPause)
    return scope.dispose
  }, [media])

  const seek = useCallback(
    (seconds: number) => {
      // Without its media (moved, or a loaded analysis) the episode still has a playhead to review by.
      if (media) setTime(seekMedia(media, seconds))
      else setTime(Math.min(Math.max(0, seconds), duration))
    },
    [media, duration],
  )
  const togglePlay = useCallback(() => {
    if (!media) return
    if (media.paused) void media.play().catch((e: Error) => onError(`cannot play: ${e.message}`))
    else media.pause()
  }, [media, onError])
  const changeRate = useCallback(
    (next: number) => {
      setRate(next)
      if (media) setPlaybackRate(media, next)
    },
    [media],
  )
  const playSpan = useCallback(
    (span: PlaySpan) => {
      setLoop(span)
      seek(span.start)
      if (media?.paused) void media.play().catch(() => undefined)
    },
    [media, seek],
  )
  const now = useCallback(() => media?.currentTime ?? time, [media, time])
  return {
    media,
    setMedia,
    time,
    now,
    playing,
    rate,
    changeRate,
    follow,
    setFollow,
    loop,
    setLoop,
    seek,
    togglePlay,
    playSpan,
  }
}
