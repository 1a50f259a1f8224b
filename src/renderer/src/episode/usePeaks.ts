import { useCallback, useEffect, useState } from 'react'
import type { PeaksStatus } from '../../../shared/contract'
import { channelPeaks, normalizePeaks, readWaveformData } from '../../../shared/waveformData'
import { call, platform } from '../platform'

export type PeaksState =
  | { kind: 'waiting'; status: PeaksStatus }
  | { kind: 'ready'; peaks: Float32Array }
  | { kind: 'error'; message: string }

const POLL_MS = 250

/**
 * The episode's waveform peaks: asks the core to compute them when they are not cached (reporting
 * progress meanwhile), then fetches the finished file once. The page never decodes media itself.
 */
export function usePeaks(episodeId: string): { state: PeaksState; cancel: () => void; retry: () => void } {
  const [state, setState] = useState<PeaksState>({
    kind: 'waiting',
    status: { state: 'computing', progress: 0 },
  })
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const poll = async (restart: boolean): Promise<void> => {
      try {
        const status = await call('media.peaks', { id: episodeId, restart })
        if (stopped) return
        if (status.state === 'ready') {
          const response = await fetch(platform.peaksUrl(episodeId))
          if (!response.ok) throw new Error(`waveform unavailable (${response.status})`)
          const peaks = normalizePeaks(channelPeaks(readWaveformData(await response.arrayBuffer())))
          if (!stopped) setState({ kind: 'ready', peaks })
          return
        }
        setState({ kind: 'waiting', status })
        if (status.state === 'computing') timer = setTimeout(() => void poll(false), POLL_MS)
      } catch (error) {
        if (!stopped) setState({ kind: 'error', message: (error as Error).message })
      }
    }
    void poll(attempt > 0)
    return () => {
      stopped = true
      clearTimeout(timer)
    }
  }, [episodeId, attempt])

  const cancel = useCallback(() => {
    // The poll that is under way reads "cancelled" next and stops.
    call('media.cancelPeaks', { id: episodeId }).then(
      (status) => setState({ kind: 'waiting', status }),
      (e: Error) => setState({ kind: 'error', message: e.message }),
    )
  }, [episodeId])
  const retry = useCallback(() => setAttempt((n) => n + 1), [])
  return { state, cancel, retry }
}
