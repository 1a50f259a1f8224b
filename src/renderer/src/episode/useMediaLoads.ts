import { useEffect, useState } from 'react'
import { createScope } from '../scope'

/**
 * Whether the media element may start loading: once the waveform has had its first paint (creating the
 * element costs the page a fifth of a second) and the episode is on screen. Seeking before then is kept.
 */
export function useMediaLoads(peaksAnswered: boolean, shown: boolean): boolean {
  const [mediaLoads, setMediaLoads] = useState(false)
  useEffect(() => {
    if (!peaksAnswered || !shown || mediaLoads) return
    const scope = createScope()
    scope.idle(() => setMediaLoads(true), { timeout: 1000 })
    return scope.dispose
  }, [peaksAnswered, shown, mediaLoads])
  return mediaLoads
}
