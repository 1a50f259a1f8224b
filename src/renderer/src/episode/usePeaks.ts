import { useCallback, useEffect, useState } from 'react'
import type { PeaksStatus } from '../../../shared/contract'
import { channelPeaks, readWaveformData } from '../../../shared/waveformData'
import { call, platform } from '../platform'

export type PeaksState =
  | { kind: 'asking' }
  | { kind: 'waiting'; status: PeaksStatus }
  | { kind: 'ready'; overview: Float32Array; full: Float32Array | null }
  | { kind: 'error'; message: string }

const POLL_MS = 250

async function fetchPeaks(episodeId: string, level: 'full' | 'overview'): Promise<Float32Array> {
  const response = await fetch(platform.peaksUrl(episodeId, level))
  if (!response.ok) throw new Error(`waveform unavailable (${response.status})`)
  // Both levels share the loudest point, so normalizing each keeps them on the same scale.
  return channelPeaks(readWaveformData(await response.arrayBuffer()), 0, true)
}

/**
 * The episode's waveform peaks: asks the core to compute them when they are not cached (reporting
 * progress meanwhile), then fetches the overview level and the full one. The page never decodes
 * media itself.
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
          // The overview paints the whole episode at once; the full resolution follows for close zooms.
          const overview = await fetchPeaks(episodeId, 'overview')
          if (stopped) return
          setState({ kind: 'ready', overview, full: null })
          // After the first paint: the full level is only needed for close zooms.
          await new Promise((resolve) => requestIdleCallback(resolve, { timeout: 1000 }))
          if (stopped) return
          const full = await fetchPeaks(episodeId, 'full')
          if (!stopped) setState({ kind: 'ready', overview, full })
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
