/** The episode's media: where it is, relinking it, and the waveform's peaks. */
import { z } from 'zod'
import { byId, episodeId, fileRefSchema } from './fields'
import { edit, method } from './method'

/** Where an episode's waveform peaks stand; `computing` carries a 0-1 fraction. */
export type PeaksStatus =
  | { state: 'ready' }
  | { state: 'computing'; progress: number }
  | { state: 'cancelled' }
  | { state: 'missing' }
  | { state: 'failed'; message: string }
  | { state: 'unavailable'; message: string }

/**
 * The waveform of a decode under way: `pairs` (16-bit min, max, min, max…) spanning the whole media at
 * `secondsPerPoint` each, 0, 0 where nothing is decoded yet; `filled`, the stretches decoded (seconds).
 */
export interface PartialPeaksView {
  secondsPerPoint: number
  pairs: number[]
  filled: [number, number][]
}

export const mediaMethods = {
  /** Where the episode's media file is on this machine, for the desktop's "Show media in folder". */
  'episodes.mediaLocation': method<{ path: string | null }>()(byId),
  'episodes.relinkMedia': edit<{ sameContent: boolean }>()(
    z.strictObject({ id: episodeId, media: fileRefSchema }),
  ),
  'media.peaks': method<PeaksStatus>()(z.strictObject({ id: episodeId, restart: z.boolean().optional() })),
  'media.cancelPeaks': method<PeaksStatus>()(byId),
  /** What the waveform's decode has folded so far, at `points` pairs; null when none is under way. */
  'media.partialPeaks': method<PartialPeaksView | null>()(
    z.strictObject({ id: episodeId, points: z.number().int().min(16).max(16384) }),
  ),
}
