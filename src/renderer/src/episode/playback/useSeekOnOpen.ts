import { useEffect, useRef } from 'react'
import type { Playback } from './usePlayback'

/**
 * Puts the playhead at `at` as the episode opens (sent from another screen to a moment): once the
 * episode is there, and again when its media element arrives, which starts at 0 otherwise. Not after
 * that: the editor's own seeks are theirs.
 */
export function useSeekOnOpen(at: number | null, ready: boolean, playback: Playback): void {
  const { media, seek } = playback
  const done = useRef<{ media: HTMLMediaElement | null } | null>(null)
  useEffect(() => {
    if (at === null || !ready || done.current?.media === media) return
    if (done.current && done.current.media !== null) return
    done.current = { media }
    seek(at)
  }, [at, ready, media, seek])
}
