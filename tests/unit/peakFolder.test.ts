import { describe, expect, it } from 'vitest'
import { PeakFolder } from '../../src/core/media/computePeaks'

/** The plain definition: min and max of each run of `spp` samples, the last run possibly shorter. */
function naivePeaks(samples: Int16Array, spp: number): number[] {
  const out: number[] = []
  for (let i = 0; i < samples.length; i += spp) {
    const run = Array.from(samples.subarray(i, i + spp))
    out.push(Math.min(...run), Math.max(...run))
  }
  return out
}

describe('folding samples into min/max pairs', () => {
  it('gives the same pairs however the stream is cut into chunks', () => {
    let seed = 7
    const random = (): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
    for (const spp of [2, 7, 64, 441]) {
      const samples = Int16Array.from(
        { length: 5000 + Math.floor(random() * 3000) },
        () => Math.floor(random() * 65536) - 32768,
      )
      const folder = new PeakFolder(spp)
      for (let i = 0; i < samples.length;) {
        const size = 1 + Math.floor(random() * spp * 3)
        folder.fold(samples.subarray(i, i + size))
        i += size
      }
      folder.finish()
      expect(Array.from(folder.pairs.subarray(0, folder.count)), `spp ${spp}`).toEqual(
        naivePeaks(samples, spp),
      )
      expect(folder.samples).toBe(samples.length)
    }
  })
})
