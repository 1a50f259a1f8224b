import {
  ALPHA_BAND_WORDS,
  alphaBand,
  type AgreementAnalysis,
  type AlphaBand,
} from '../../../shared/agreement'

/** A unit where the analyses' scores are this far apart, or further, is marked as a disagreement. */
export const DISAGREEMENT = 2

/**
 * What each analysis is called on the screen: as the library names it ("reviewer · kind · date", from
 * `known` by library id), else its reviewer, else its source (a file's path); the source is added where
 * two would read the same (two passes by one reviewer).
 */
export function analysisNames(
  analyses: readonly AgreementAnalysis[],
  known: ReadonlyMap<string, string> = new Map(),
): string[] {
  const names = analyses.map((a) => known.get(a.source) ?? a.reviewer ?? a.source)
  return names.map((name, i) =>
    names.indexOf(name) !== names.lastIndexOf(name) && name !== analyses[i]?.source
      ? `${name} (${analyses[i]?.source})`
      : name,
  )
}

/** Per unit, how far apart the analyses' scores are (largest minus smallest); null with fewer than two. */
export function unitSpreads(
  ratings: readonly (readonly (number | null)[])[],
  units: number,
): (number | null)[] {
  return Array.from({ length: units }, (_, u) => {
    const values = ratings.flatMap((r) => {
      const v = r[u]
      return v === null || v === undefined ? [] : [v]
    })
    return values.length < 2 ? null : Math.max(...values) - Math.min(...values)
  })
}

/** Alpha as read: its value to three places and Krippendorff's band, or why there is none. */
export function alphaReading(alpha: number | null): { value: string; band: AlphaBand | null; words: string } {
  if (alpha === null)
    return { value: '—', band: null, words: 'not measurable: no unit has two differing scores to weigh' }
  const band = alphaBand(alpha)
  return { value: alpha.toFixed(3), band, words: ALPHA_BAND_WORDS[band] }
}

/** Where a score stands on its scale, 0 to 1, for drawing. */
export const shareOf = (value: number, scale: { min: number; max: number }): number =>
  scale.max === scale.min ? 1 : Math.min(1, Math.max(0, (value - scale.min) / (scale.max - scale.min)))
