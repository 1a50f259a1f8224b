import { useRef, useState } from 'react'
import type { AnchorTarget } from '../../../shared/codebook'
import { platform } from '../platform'
import { anchorMoment } from './openAnchor'

export interface AnchorPlayer {
  /** What the screen's `<audio>` is given. */
  bind: {
    ref: (element: HTMLAudioElement | null) => void
    onTimeUpdate: (e: React.SyntheticEvent<HTMLAudioElement>) => void
    onPause: () => void
  }
  /** The anchor playing now (its id), or null. */
  playing: string | null
  /** Plays the anchor's moment once, from its episode's media; again: stops. */
  toggle: (id: string, target: AnchorTarget) => Promise<void>
}

/**
 * Plays anchors on the codebook screen itself, as a citation plays its moment in the editor: from the
 * episode's media, from the moment's start, stopping at its end.
 */
export function useAnchorPlayer(): AnchorPlayer {
  const audio = useRef<HTMLAudioElement | null>(null)
  const end = useRef(0)
  const [playing, setPlaying] = useState<string | null>(null)
  return {
    bind: {
      ref: (element) => {
        audio.current = element
      },
      onTimeUpdate: (e) => {
        if (e.currentTarget.currentTime >= end.current) e.currentTarget.pause()
      },
      onPause: () => setPlaying(null),
    },
    playing,
    toggle: async (id, target) => {
      const element = audio.current
      if (!element) return
      if (playing === id) return element.pause()
      const moment = await anchorMoment(target)
      const src = platform.mediaUrl(moment.episodeId)
      if (element.getAttribute('src') !== src) element.src = src
      end.current = moment.end
      element.currentTime = moment.start
      await element.play().then(
        () => setPlaying(id),
        (e: unknown) => {
          throw new Error(
            `The anchor’s media cannot be played: ${e instanceof Error ? e.message : String(e)}`,
          )
        },
      )
    },
  }
}
