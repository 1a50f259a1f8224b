import { useCallback, useEffect, useState } from 'react'
import type { PeaksStatus } from '../../../shared/contract'
import { channelPeaks, readWaveformData, waveformHeader } from '../../../shared/waveformData'
import { call, platform } from '../platform'

export type PeaksState =
  | { kind: 'asking' }
  | { kind: 'waiting'; status: PeaksStatus }
  /** Computing, with what is decoded so far drawn: `overview` spans the whole media, `filled` says where. */
  | {
      kind: 'filling'
      status: Extract<PeaksStatus, { state: 'computing' }>
      overview: Float32Array
      filled: ReadonlyArray<readonly [number, number]>
    }
  | { kind: 'ready'; overview: Float32Array; full: Float32Array | null }
  | { kind: 'error'; message: string }

const POLL_MS = 250
/** The points of the waveform drawn while it is decoded: the overview's own count, for the same look. */
const FILLING_POINTS = 8192

/** The partial pairs as a waveform file's bytes, read as the cached levels are (one scale for both). */
function waveformBytes(pairs: readonly number[], secondsPerPoint: number): ArrayBuffer {
  // A made-up rate of 1,000 samples a second: only the pairs and their spacing matter to the page.
  const samplesPerPixel = Math.max(1, Math.round(secondsPerPoint * 1000))
  const header = waveformHeader(1000, samplesPerPixel, pairs.length / 2)
  const bytes = new Uint8Array(header.length + pairs.length * 2)
  bytes.set(header)
  new Int16Array(bytes.buffer, header.length, pairs.length).set(pairs)
  return bytes.buffer
}

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
        const partial =
          status.state === 'computing'
            ? await call('media.partialPeaks', { id: episodeId, points: FILLING_POINTS })
            : null
        if (stopped) return
        if (status.state === 'computing' && partial && partial.filled.length > 0)
          setState({
            kind: 'filling',
            status,
            overview: channelPeaks(
              readWaveformData(waveformBytes(partial.pairs, partial.secondsPerPoint)),
              0,
              true,
            ),
            filled: partial.filled,
          })
        else setState({ kind: 'waiting', status })
        // The first poll at once: a decode folds its first minutes in well under a second.
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
