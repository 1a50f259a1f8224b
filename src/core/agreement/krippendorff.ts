import { firstIndex } from '../../shared/firstIndex'
/**
 * Krippendorff's alpha for numeric ratings, any number of raters, missing values allowed, as defined by
 * the coincidence matrix in K. Krippendorff, "Computing Krippendorff's Alpha-Reliability" (2011).
 * No maintained npm package computes it, and the desk's trust in its scores rests on this number.
 *
 * A scale may be any range of integers (0 to 10^12 is a valid rubric), so the matrix over the distinct
 * values is never built: a square of 12,000 values is 1 GB. Alpha needs only two sums over it, and with
 * the metrics here both reduce to sums over the values themselves:
 * - the observed disagreement, Σ o_ck δ²(c,k), is a sum over units of each unit's pairs, o_ck being by
 *   definition Σ_u n_uc n_uk / (m_u - 1);
 * - the expected one, Σ n_c n_k δ²(c,k), runs over the marginals n_c, which are how often each value
 *   was given in a unit with at least two values.
 * The interval and ordinal δ² are both a squared difference of a position (the value itself; its
 * midrank among the pairable values), and a sum of squared differences over all pairs of a set is
 * 2·size·Σ (x - mean)²: linear in the values, and without the cancellation of Σx² - (Σx)²/n on large
 * numbers. Time and memory are linear in the ratings (plus sorting the distinct values).
 */

export type AlphaMetric = 'nominal' | 'ordinal' | 'interval'

/**
 * Alpha of `units` (each unit: one value per rater, null where that rater gave none). Null when no unit
 * has two values to pair, or when every pairable value is the same (no disagreement is expected, so
 * none can be measured).
 */
export function krippendorffAlpha(
  units: readonly (readonly (number | null)[])[],
  metric: AlphaMetric,
): number | null {
  // The pairable values, unit after unit: only units with two values or more pair anything.
  const flat: number[] = []
  const ends: number[] = []
  for (const unit of units) {
    const start = flat.length
    for (const v of unit) if (v !== null) flat.push(v)
    if (flat.length - start >= 2) ends.push(flat.length)
    else flat.length = start
  }
  const n = flat.length
  // The distinct values in order, and the marginals: how often each was given in a pairable unit.
  const sorted = Float64Array.from(flat).sort()
  const distinct: number[] = []
  const marginals: number[] = []
  for (let i = 0; i < n; i++)
    if (i > 0 && sorted[i] === sorted[i - 1])
      marginals[marginals.length - 1] = (marginals.at(-1) as number) + 1
    else {
      distinct.push(sorted[i] as number)
      marginals.push(1)
    }
  // With a single distinct value no disagreement is expected (δ² is 0 for every pair).
  if (distinct.length < 2) return null
  const rank = Int32Array.from(flat, (v) => indexOf(distinct, v))
  let observed = 0
  let expected: number
  if (metric === 'nominal') {
    let start = 0
    for (const end of ends) {
      // A unit's ordered pairs of different values: m² less the pairs of equal ones.
      const ranks = rank.subarray(start, end).sort()
      let same = 0
      for (let i = 0, run = 1; i < ranks.length; i++, run++)
        if (ranks[i + 1] !== ranks[i]) {
          same += run * run
          run = 0
        }
      const m = end - start
      observed += (m * m - same) / (m - 1)
      start = end
    }
    expected = n * n - marginals.reduce((sum, w) => sum + w * w, 0)
  } else {
    const at = positions(distinct, marginals, metric)
    let start = 0
    for (const end of ends) {
      let sum = 0
      for (let i = start; i < end; i++) sum += at[rank[i] as number] as number
      const mean = sum / (end - start)
      let spread = 0
      for (let i = start; i < end; i++) spread += ((at[rank[i] as number] as number) - mean) ** 2
      const m = end - start
      observed += (2 * m * spread) / (m - 1)
      start = end
    }
    let sum = 0
    distinct.forEach((_, c) => (sum += (marginals[c] as number) * (at[c] as number)))
    const mean = sum / n
    let spread = 0
    distinct.forEach((_, c) => (spread += (marginals[c] as number) * ((at[c] as number) - mean) ** 2))
    expected = 2 * n * spread
  }
  return 1 - ((n - 1) * observed) / expected
}

/** Where `value` is in the sorted `values`, which hold it. */
function indexOf(values: readonly number[], value: number): number {
  return firstIndex(values.length, (i) => (values[i] as number) < value)
}

/** Each distinct value's position on the metric: the value itself (interval) or its midrank (ordinal). */
function positions(
  distinct: readonly number[],
  marginals: readonly number[],
  metric: 'ordinal' | 'interval',
): Float64Array {
  // Interval: measured from the lowest value, which changes no difference and keeps large scales' numbers small.
  const lowest = distinct[0] as number
  if (metric === 'interval') return Float64Array.from(distinct, (v) => v - lowest)
  // Ordinal: δ² between ranks c < k is (Σ_{g=c..k} n_g - (n_c + n_k)/2)², the squared difference of
  // the midranks C_c + n_c/2, where C_c counts the pairable values below c.
  const midranks = new Float64Array(distinct.length)
  let below = 0
  marginals.forEach((count, c) => {
    midranks[c] = below + count / 2
    below += count
  })
  return midranks
}
