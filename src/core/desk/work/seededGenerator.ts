/**
 * A small seeded generator for the desk's work: the assignment plan's tie-breaks and the drift's
 * bootstrap must repeat exactly for the same input (the figures a lead reads today are the ones they read
 * tomorrow), which Math.random cannot give. mulberry32: 32 bits of state, fast, good enough for
 * resampling and shuffling (not for secrets).
 */

/** A generator of 32-bit unsigned integers, uniform, from `seed` (any number; its low 32 bits are used). */
export function seededUint32(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return (t ^ (t >>> 14)) >>> 0
  }
}

/** A generator of numbers in [0, 1) from `seed`: the same sequence as {@link seededUint32} over 2^32. */
export function seededGenerator(seed: number): () => number {
  const next = seededUint32(seed)
  return () => next() / 4294967296
}

/**
 * A seed made of a base seed and some names (FNV-1a over the names, mixed with the base): so that each
 * figure has a stream of its own, and one person's figure does not change when another's data does.
 */
export function seedOf(base: number, ...parts: string[]): number {
  let h = (0x811c9dc5 ^ (base >>> 0)) >>> 0
  for (const part of parts) {
    for (let i = 0; i < part.length; i++) {
      h = Math.imul(h ^ part.charCodeAt(i), 0x01000193) >>> 0
    }
    // A separator, so that ("ab", "c") and ("a", "bc") differ.
    h = Math.imul(h ^ 0xff, 0x01000193) >>> 0
  }
  // A final avalanche (murmur3's), so that near names give far seeds.
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b) >>> 0
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35) >>> 0
  h ^= h >>> 16
  return h >>> 0
}
