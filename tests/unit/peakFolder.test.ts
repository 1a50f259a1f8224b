import { describe, expect, it } from 'vitest'
import { PeakFolder } from '../../src/core/media/peakFolder'
import { pixelFolder } from '../../src/core/media/foldPixels'

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

  it('folds alike with WebAssembly SIMD and in plain JavaScript, the extremes included', () => {
    expect(pixelFolder()).not.toBeNull()
    let seed = 11
    const random = (): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
    for (const spp of [1, 2, 7, 8, 9, 16, 441, 480, 2205, 600_000]) {
      const samples = Int16Array.from({ length: spp * 5 + 3 + Math.floor(random() * 100_000) }, (_, i) =>
        i % 997 === 0 ? (i % 2 ? 32767 : -32768) : Math.floor(random() * 65536) - 32768,
      )
      const simd = new PeakFolder(spp)
      const plain = new PeakFolder(spp, false)
      for (let i = 0; i < samples.length;) {
        const size = 1 + Math.floor(random() * spp * 3 + random() * 70_000)
        simd.fold(samples.subarray(i, i + size))
        plain.fold(samples.subarray(i, i + size))
        i += size
      }
      simd.finish()
      plain.finish()
      expect(simd.count, `spp ${spp}`).toBe(plain.count)
      expect(simd.pairs.subarray(0, simd.count), `spp ${spp}`).toEqual(plain.pairs.subarray(0, plain.count))
      if (spp <= 441)
        expect(Array.from(plain.pairs.subarray(0, plain.count))).toEqual(naivePeaks(samples, spp))
    }
  })
})
