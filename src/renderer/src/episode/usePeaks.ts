import { useCallback, useEffect, useState } from 'react'
import type { PeaksStatus } from '../../../shared/contract'
import { channelPeaks, readWaveformData, type WaveformData } from '../../../shared/waveformData'
import { call, platform } from '../platform'
import { createScope } from '../scope'

export type PeaksState =
  | { kind: 'asking' }
  | { kind: 'waiting'; status: PeaksStatus }
  /** Computing, with what is decoded so far drawn: `overview` spans the whole media, flat where not yet. */
  | {
      kind: 'filling'
      status: Extract<PeaksStatus, { state: 'computing' }>
      overview: Float32Array
    }
  | { kind: 'ready'; overview: Float32Array; full: Float32Array | null }
  | { kind: 'error'; message: string }

const POLL_MS = 250
/** The points of the waveform drawn while it is decoded: the overview's own count, for the same look. */
const FILLING_POINTS = 8192

/** The partial pairs as a waveform read from a file, so they are scaled by the same rule as the cached levels. */
const partialWaveform = (pairs: readonly number[]): WaveformData => ({
  version: 2,
  bits: 16,
  // Not read in scaling: only the pairs matter, spread over the media's length.
  sampleRate: 0,
  samplesPerPixel: 0,
  channels: 1,
  length: pairs.length / 2,
  data: Int16Array.from(pairs),
})

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
    const scope = createScope()
    const poll = async (restart: boolean): Promise<void> => {
      try {
        const status = await call('media.peaks', { id: episodeId, restart })
        if (scope.disposed) return
        if (status.state === 'ready') {
          // The overview paints the whole episode at once; the full resolution follows for close zooms.
          const overview = await fetchPeaks(episodeId, 'overview')
          if (scope.disposed) return
          setState({ kind: 'ready', overview, full: null })
          // After the first paint: the full level is only needed for close zooms.
          await new Promise((resolve) => scope.idle(resolve, { timeout: 1000 }))
          if (scope.disposed) return
          const full = await fetchPeaks(episodeId, 'full')
          if (!scope.disposed) setState({ kind: 'ready', overview, full })
          return
        }
        const partial =
          status.state === 'computing'
            ? await call('media.partialPeaks', { id: episodeId, points: FILLING_POINTS })
            : null
        if (scope.disposed) return
        if (status.state === 'computing' && partial && partial.filled.length > 0)
          setState({
            kind: 'filling',
            status,
            overview: channelPeaks(partialWaveform(partial.pairs), 0, true),
          })
        else setState({ kind: 'waiting', status })
        // The first poll at once: a decode folds its first minutes in well under a second.
        if (status.state === 'computing') scope.timeout(() => void poll(false), POLL_MS)
      } catch (error) {
        if (!scope.disposed) setState({ kind: 'error', message: (error as Error).message })
      }
    }
    void poll(attempt > 0)
    return scope.dispose
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
