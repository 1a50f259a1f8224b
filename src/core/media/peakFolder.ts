/**
 * Min/max pairs folded from 16-bit samples: what a decode feeds (`decodeRange`) and what the peaks are
 * written from (`computePeaks`).
 */
import { pixelFolder, type PixelFolder } from './foldPixels'

/** A coarser copy of min/max pairs: `factor` pairs folded into one. */
export function reducedPairs(pairs: Int16Array, factor: number): Int16Array {
  const count = pairs.length / 2
  const out = new Int16Array(Math.ceil(count / factor) * 2)
  for (let o = 0, i = 0; i < count; i += factor, o += 2) {
    let min = 32767
    let max = -32768
    for (let j = i; j < Math.min(count, i + factor); j++) {
      min = Math.min(min, pairs[j * 2] as number)
      max = Math.max(max, pairs[j * 2 + 1] as number)
    }
    out[o] = min
    out[o + 1] = max
  }
  return out
}

/** Folds 16-bit samples into min/max pairs; keeps its state between chunks of any size. */
export class PeakFolder {
  pairs = new Int16Array(1 << 16)
  count = 0
  samples = 0
  private min = 32767
  private max = -32768
  private inPixel = 0

  private readonly simd: PixelFolder | null

  /** `simd` false folds in plain JavaScript only (to test one against the other). */
  constructor(
    readonly samplesPerPixel: number,
    simd = true,
  ) {
    const folder = simd ? pixelFolder() : null
    this.simd = folder?.fits(samplesPerPixel) ? folder : null
  }

  fold(view: Int16Array): void {
    // Locals, not fields, in the hot loops: this runs for every sample of a multi-hour file.
    const spp = this.samplesPerPixel
    let min = this.min
    let max = this.max
    let i = 0
    // Finish the pixel the previous chunk began.
    if (this.inPixel > 0) {
      const end = Math.min(view.length, spp - this.inPixel)
      for (; i < end; i++) {
        const s = view[i] as number
        if (s < min) min = s
        if (s > max) max = s
      }
      this.inPixel += end
      if (this.inPixel < spp) {
        this.min = min
        this.max = max
        this.samples += view.length
        return
      }
      this.push(min, max)
    }
    // Whole pixels: eight samples an instruction where WebAssembly SIMD is, else a tight loop per pixel.
    const whole = i + Math.floor((view.length - i) / spp) * spp
    if (this.simd && whole > i) {
      const values = ((whole - i) / spp) * 2
      this.reserve(values)
      this.simd.fold(view.subarray(i, whole), spp, this.pairs, this.count)
      this.count += values
      i = whole
    }
    for (; i < whole;) {
      min = 32767
      max = -32768
      const end = i + spp
      for (; i < end; i++) {
        const s = view[i] as number
        if (s < min) min = s
        if (s > max) max = s
      }
      this.push(min, max)
    }
    // The start of the next pixel.
    min = 32767
    max = -32768
    for (; i < view.length; i++) {
      const s = view[i] as number
      if (s < min) min = s
      if (s > max) max = s
    }
    this.inPixel = view.length - whole
    this.min = min
    this.max = max
    this.samples += view.length
  }

  /** A coarser copy: `factor` pairs folded into one, as 16-bit min/max pairs. */
  reduced(factor: number): Int16Array {
    return reducedPairs(this.pairs.subarray(0, this.count), factor)
  }

  finish(): void {
    if (this.inPixel > 0) this.push(this.min, this.max)
    this.inPixel = 0
    this.min = 32767
    this.max = -32768
  }

  /** Room for `values` more values in `pairs`. */
  private reserve(values: number): void {
    if (this.count + values <= this.pairs.length) return
    let size = this.pairs.length * 2
    while (size < this.count + values) size *= 2
    const bigger = new Int16Array(size)
    bigger.set(this.pairs.subarray(0, this.count))
    this.pairs = bigger
  }

  private push(min: number, max: number): void {
    this.reserve(2)
    this.pairs[this.count++] = min
    this.pairs[this.count++] = max
  }
}
