/**
 * The min and max of whole pixels of 16-bit samples, eight samples an instruction: WebAssembly 128-bit
 * SIMD (foldPixels.wat, compiled to the bytes below). The fold of an hour's samples is a fifth of the
 * time of the plain loop in PeakFolder, which stays for where WebAssembly SIMD is missing.
 */
const WASM =
  'AGFzbQEAAAABCAFgBH9/f38AAwIBAAUDAQABBxECBm1lbW9yeQIABGZvbGQAAAqAAwH9AgIGfwJ7IAMgAUECdGohCQJAIAMgCU8NAANAIAAgAkEBdGohBCAAIAJBeHFBAXRqIQVB//8B/RAhCkGAgH79ECELAkAgACAFTw0AA0AgCiAA/QAAAP2WASEKIAsgAP0AAAD9mAEhCyAAQRBqIgAgBUkNAAsLIAogCiAK/Q0ICQoLDA0ODwABAgMEBQYH/ZYBIQogCiAKIAr9DQQFBgcAAQIDDA0ODwgJCgv9lgEhCiAKIAogCv0NAgMAAQYHBAUKCwgJDg8MDf2WAf0YACEGIAsgCyAL/Q0ICQoLDA0ODwABAgMEBQYH/ZgBIQsgCyALIAv9DQQFBgcAAQIDDA0ODwgJCgv9mAEhCyALIAsgC/0NAgMAAQYHBAUKCwgJDg8MDf2YAf0YACEHAkAgACAETw0AA0AgAC4BACEIIAggBiAIIAZIGyEGIAggByAIIAdKGyEHIABBAmoiACAESQ0ACwsgAyAGOwEAIAMgBzsBAiADQQRqIgMgCUkNAAsLCw=='

/** Bytes of samples one call takes; the pairs it writes follow them. */
const INPUT_BYTES = 1 << 20

interface Kernel {
  fold(src: number, pixels: number, spp: number, dst: number): void
  memory: { buffer: ArrayBuffer; grow(pages: number): number }
}

/** The little of WebAssembly used here (the core's TypeScript libraries do not declare it). */
interface WebAssemblyApi {
  validate(bytes: Uint8Array): boolean
  Module: new (bytes: Uint8Array) => object
  Instance: new (module: object) => { exports: unknown }
}

export class PixelFolder {
  private readonly input: Int16Array
  private readonly output: Int16Array

  private constructor(private readonly kernel: Kernel) {
    // Input at 0, pairs after it: at most a pair (4 bytes) for every 2 samples (4 bytes).
    kernel.memory.grow((2 * INPUT_BYTES) / 65536 - kernel.memory.buffer.byteLength / 65536)
    this.input = new Int16Array(kernel.memory.buffer, 0, INPUT_BYTES / 2)
    this.output = new Int16Array(kernel.memory.buffer, INPUT_BYTES, INPUT_BYTES / 2)
  }

  /** The folder, or null where WebAssembly SIMD is missing (the caller folds in plain JavaScript). */
  static create(): PixelFolder | null {
    try {
      const wasm = (globalThis as { WebAssembly?: WebAssemblyApi }).WebAssembly
      const bytes = Buffer.from(WASM, 'base64')
      if (!wasm?.validate(bytes)) return null
      const instance = new wasm.Instance(new wasm.Module(bytes))
      return new PixelFolder(instance.exports as unknown as Kernel)
    } catch {
      return null
    }
  }

  /** Whether pixels of `spp` samples fit one call. */
  fits(spp: number): boolean {
    return spp >= 1 && spp <= this.input.length
  }

  /**
   * Writes the min and max of each run of `spp` samples in `samples` (a whole number of runs) into
   * `pairs` from `at`.
   */
  fold(samples: Int16Array, spp: number, pairs: Int16Array, at: number): void {
    const perCall = Math.floor(this.input.length / spp)
    for (let from = 0; from < samples.length;) {
      const pixels = Math.min(perCall, (samples.length - from) / spp)
      this.input.set(samples.subarray(from, from + pixels * spp))
      this.kernel.fold(0, pixels, spp, INPUT_BYTES)
      pairs.set(this.output.subarray(0, pixels * 2), at)
      at += pixels * 2
      from += pixels * spp
    }
  }
}

/** One per process: created on the first fold. */
let shared: PixelFolder | null | undefined
export const pixelFolder = (): PixelFolder | null =>
  shared === undefined ? (shared = PixelFolder.create()) : shared
