/**
 * Krippendorff's alpha for numeric ratings, any number of raters, missing values allowed, computed from
 * the coincidence matrix as in K. Krippendorff, "Computing Krippendorff's Alpha-Reliability" (2011).
 * No maintained npm package computes it, and the desk's trust in its scores rests on this number.
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
  const values = [...new Set(units.flatMap((unit) => unit.filter((v): v is number => v !== null)))].sort(
    (a, b) => a - b,
  )
  const index = new Map(values.map((v, i) => [v, i]))
  const size = values.length
  // o[c][k]: coincidences of value c with value k within the same unit, each unit weighing 1 per value.
  const coincidences = Array.from({ length: size }, () => new Float64Array(size))
  const counts = new Float64Array(size)
  for (const unit of units) {
    counts.fill(0)
    let pairable = 0
    for (const v of unit)
      if (v !== null) {
        const i = index.get(v) as number
        counts[i] = (counts[i] as number) + 1
        pairable++
      }
    if (pairable < 2) continue
    for (let c = 0; c < size; c++) {
      const nc = counts[c] as number
      if (nc === 0) continue
      const row = coincidences[c] as Float64Array
      for (let k = 0; k < size; k++) {
        const nk = counts[k] as number
        if (nk === 0) continue
        row[k] = (row[k] as number) + (nc * (c === k ? nk - 1 : nk)) / (pairable - 1)
      }
    }
  }
  const marginals = coincidences.map((row) => row.reduce((sum, o) => sum + o, 0))
  const n = marginals.reduce((sum, m) => sum + m, 0)
  if (n < 2) return null
  const delta = distance(values, marginals, metric)
  let observed = 0
  let expected = 0
  for (let c = 0; c < size; c++)
    for (let k = 0; k < size; k++) {
      const d = delta(c, k)
      if (d === 0) continue
      observed += ((coincidences[c] as Float64Array)[k] as number) * d
      expected += (marginals[c] as number) * (marginals[k] as number) * d
    }
  if (expected === 0) return null
  return 1 - ((n - 1) * observed) / expected
}

/** The squared difference δ² between the c-th and k-th of the sorted values, for the metric. */
function distance(
  values: readonly number[],
  marginals: readonly number[],
  metric: AlphaMetric,
): (c: number, k: number) => number {
  if (metric === 'nominal') return (c, k) => (c === k ? 0 : 1)
  if (metric === 'interval') return (c, k) => ((values[c] as number) - (values[k] as number)) ** 2
  // Ordinal: how many pairable values lie between the two ranks, the two ends counted by halves.
  const cumulative = [0]
  for (const m of marginals) cumulative.push((cumulative.at(-1) as number) + m)
  return (c, k) => {
    if (c === k) return 0
    const [lo, hi] = c < k ? [c, k] : [k, c]
    const between = (cumulative[hi + 1] as number) - (cumulative[lo] as number)
    return (between - ((marginals[lo] as number) + (marginals[hi] as number)) / 2) ** 2
  }
}
