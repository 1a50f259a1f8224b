import type { PartialPeaksView } from '../../shared/contract'
import type { PartialPeaks } from './computePeaks'

/**
 * What a decode under way has folded, at `points` pairs spanning the whole media (each the min and max
 * of the full level's pairs it covers; 0, 0 where nothing is decoded yet), and the stretches decoded,
 * in seconds: a page draws the waveform arriving instead of a progress bar.
 */
export function partialPeaksView(
  partial: PartialPeaks,
  durationSeconds: number,
  points: number,
): PartialPeaksView {
  const secondsPerPair = partial.samplesPerPixel / partial.sampleRate
  const totalPairs = Math.max(1, Math.ceil(durationSeconds / secondsPerPair))
  const factor = Math.max(1, Math.ceil(totalPairs / points))
  const count = Math.ceil(totalPairs / factor)
  const out = new Int16Array(count * 2)
  const touched = new Uint8Array(count)
  const filled: [number, number][] = []
  for (const run of partial.runs()) {
    const length = run.pairs.length / 2
    if (length === 0) continue
    filled.push([round(run.firstPair * secondsPerPair), round((run.firstPair + length) * secondsPerPair)])
    for (let j = 0; j < length; j++) {
      const o = Math.floor((run.firstPair + j) / factor)
      if (o >= count) break
      const min = run.pairs[j * 2] as number
      const max = run.pairs[j * 2 + 1] as number
      if (!touched[o]) {
        touched[o] = 1
        out[o * 2] = min
        out[o * 2 + 1] = max
      } else {
        if (min < (out[o * 2] as number)) out[o * 2] = min
        if (max > (out[o * 2 + 1] as number)) out[o * 2 + 1] = max
      }
    }
  }
  return {
    secondsPerPoint: round(factor * secondsPerPair),
    pairs: Array.from(out),
    filled,
  }
}

const round = (seconds: number): number => Math.round(seconds * 1000) / 1000
