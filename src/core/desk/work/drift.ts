/**
 * Who drifts (issue 44, `desk drift`): per person (a reviewer, or `machine`) and dimension, the mean
 * signed difference of their chapter scores from the consensus (else from the other scorers' mean), the
 * number of chapter scores compared, and a 95 % percentile bootstrap interval of that mean; over the whole
 * period and per month. Pure: the caller reads the scores from the catalogue; this only counts.
 *
 * The bootstrap, exactly (so that a test, or another implementation, can repeat it):
 * - A figure's differences are sorted ascending first, so the figure depends on the differences alone,
 *   never on the order the catalogue returned them in.
 * - Its generator is mulberry32 seeded with seedOf(seed, who, dimension, month or '') (seededGenerator.ts):
 *   each figure has a stream of its own, so one person's figures do not move when another's data does.
 * - With many distinct differences (distinct * 8 >= n),
 *   each of the `resamples` resamples draws n indices, index = floor(u * n) for u the generator's next
 *   number in [0, 1), and takes the mean of the values drawn (summed in the order drawn, divided by n).
 * - With few (scores are whole numbers, so this is the usual case), each resample draws how many times
 *   each distinct value is picked instead, a multinomial: the same distribution, far fewer draws.
 * - low and high are the 2.5 % and 97.5 % quantiles of the resample means, sorted, by linear
 *   interpolation between order statistics at position p * (resamples - 1) (R's type 7).
 * The whole-period figure resamples the whole period's differences itself (not the months'), as a plain
 * bootstrap of that mean does.
 */
import type { DriftFigure } from '../../../shared/contract/deskWork'
import { UserError } from '../../errors'
import { seededGenerator, seedOf } from './seededGenerator'

/** One chapter score compared: the scorer's score minus the consensus's (or the other scorers' mean). */
export interface DriftObservation {
  who: string
  dimension: string
  /** YYYY-MM: the month the episode was scored in (the caller chooses which date counts). */
  month: string
  episode: string
  difference: number
}

export interface DriftRequest {
  observations: DriftObservation[]
  /** Everyone to list, in this order, even with no data (n 0). Observations of anyone else are left out. */
  people: string[]
  /** Every dimension to list, in this order. Observations of any other dimension are left out. */
  dimensions: string[]
  /** Bootstrap resamples per interval; 1000 when not given. */
  resamples?: number
  /** 0 when not given. */
  seed?: number
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/

const refuse = (message: string): UserError => new UserError('invalid-input', `desk drift: ${message}`)

/** The mean of `values` summed in order; the resamples of a constant sample give exactly this too. */
function meanOf(values: Float64Array): number {
  let sum = 0
  for (let i = 0; i < values.length; i++) sum += values[i] as number
  return sum / values.length
}

/** Quantile p of sorted `values`, by linear interpolation at p * (length - 1) (R's type 7). */
export function quantileSorted(values: Float64Array, p: number): number {
  const h = p * (values.length - 1)
  const below = Math.floor(h)
  const lower = values[below] as number
  const upper = values[Math.min(below + 1, values.length - 1)] as number
  return lower + (h - below) * (upper - lower)
}

/** log(k!) (the binomial's probability at its mode, without overflow) and 1 / k, for k = 0..max. */
export interface Tables {
  logFact: Float64Array
  reciprocal: Float64Array
}

export function tablesUpTo(max: number): Tables {
  const logFact = new Float64Array(max + 1)
  const reciprocal = new Float64Array(max + 1)
  for (let k = 1; k <= max; k++) {
    logFact[k] = (logFact[k - 1] as number) + Math.log(k)
    reciprocal[k] = 1 / k
  }
  return { logFact, reciprocal }
}

/**
 * One draw of Binomial(trials, p), 0 < p < 1, by inversion with `u` in [0, 1) over the outcomes taken
 * from the mode outwards (up, down, up, ...): exact, and about sqrt(trials p (1 - p)) steps, not trials.
 */
function binomial(
  trials: number,
  p: number,
  odds: number,
  logP: number,
  logQ: number,
  u: number,
  tables: Tables,
): number {
  const { logFact, reciprocal } = tables
  const mode = Math.min(trials, Math.floor((trials + 1) * p))
  const atMode = Math.exp(
    (logFact[trials] as number) -
      (logFact[mode] as number) -
      (logFact[trials - mode] as number) +
      mode * logP +
      (trials - mode) * logQ,
  )
  u -= atMode
  if (u <= 0) return mode
  const evens = (1 - p) / p
  let up = mode
  let down = mode
  let fUp = atMode
  let fDown = atMode
  while (up < trials || down > 0) {
    if (up < trials) {
      fUp *= (trials - up) * (reciprocal[up + 1] as number) * odds
      up++
      u -= fUp
      if (u <= 0) return up
    }
    if (down > 0) {
      fDown *= down * (reciprocal[trials - down + 1] as number) * evens
      down--
      u -= fDown
      if (u <= 0) return down
    }
  }
  // Only rounding (the probabilities summing to a hair under 1) ends here.
  return mode
}

/**
 * The 95 % percentile bootstrap interval of the mean of `values`, drawing from mulberry32 seeded with
 * `seed`; `values` sorted ascending (as the drift gives them), so that equal values are neighbours.
 * `tables` holds log(k!) and 1 / k for k up to values.length at least (made when not given); `means` is scratch of
 * at least `resamples` numbers, so that many intervals allocate nothing each.
 */
export function bootstrapInterval(
  values: Float64Array,
  resamples: number,
  seed: number,
  means: Float64Array = new Float64Array(resamples),
  tables: Tables = tablesUpTo(values.length),
): { low: number; high: number } {
  const n = values.length
  // Scores are whole numbers, so the differences take few values: a resample is then drawn as how many
  // times each value is picked (a multinomial, as one binomial per value given the ones before), which
  // costs a few steps per distinct value instead of one draw per difference. Both draw the same
  // distribution; with many distinct values the plain draw is the cheaper.
  let distinct = 0
  for (let i = 0; i < n; i++) if (i === 0 || values[i] !== values[i - 1]) distinct++
  if (distinct * 8 < n) multinomialMeans(values, distinct, resamples, seed, means, tables)
  else plainMeans(values, resamples, seed, means)
  const drawn = means.subarray(0, resamples).sort()
  return { low: quantileSorted(drawn, 0.025), high: quantileSorted(drawn, 0.975) }
}

/** Resample means by n draws each: index = floor(u * n), summed in the order drawn, divided by n. */
function plainMeans(values: Float64Array, resamples: number, seed: number, means: Float64Array): void {
  const n = values.length
  // floor(u * n) with u = r / 2^32 is floor(r * (n / 2^32)): exact, as r * n < 2^53.
  const scale = n / 4294967296
  // mulberry32, inlined: this loop is the cost of the drift when the values are many.
  let a = seed >>> 0
  for (let b = 0; b < resamples; b++) {
    let sum = 0
    for (let i = 0; i < n; i++) {
      a = (a + 0x6d2b79f5) >>> 0
      let t = a
      t = Math.imul(t ^ (t >>> 15), t | 1)
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
      const r = (t ^ (t >>> 14)) >>> 0
      sum += values[Math.floor(r * scale)] as number
    }
    means[b] = sum / n
  }
}

/**
 * Resample means as counts of each distinct value: value j is picked Binomial(trials left, c_j / (c_j +
 * those after it)) times, one uniform per value, the last value taking the trials left.
 */
function multinomialMeans(
  values: Float64Array,
  distinct: number,
  resamples: number,
  seed: number,
  means: Float64Array,
  tables: Tables,
): void {
  const n = values.length
  const value = new Float64Array(distinct)
  const count = new Int32Array(distinct)
  let k = -1
  for (let i = 0; i < n; i++) {
    if (i === 0 || values[i] !== values[i - 1]) value[++k] = values[i] as number
    count[k] = (count[k] as number) + 1
  }
  // The conditional probabilities are fixed by the counts alone: their logs once, not per resample.
  const p = new Float64Array(distinct)
  const logP = new Float64Array(distinct)
  const logQ = new Float64Array(distinct)
  const odds = new Float64Array(distinct)
  let after = n
  for (let j = 0; j < distinct; j++) {
    p[j] = (count[j] as number) / after
    logP[j] = Math.log(p[j] as number)
    logQ[j] = Math.log1p(-(p[j] as number))
    odds[j] = (p[j] as number) / (1 - (p[j] as number))
    after -= count[j] as number
  }
  const next = seededGenerator(seed)
  for (let b = 0; b < resamples; b++) {
    let left = n
    let sum = 0
    for (let j = 0; j < distinct - 1 && left > 0; j++) {
      const picked = binomial(
        left,
        p[j] as number,
        odds[j] as number,
        logP[j] as number,
        logQ[j] as number,
        next(),
        tables,
      )
      sum += picked * (value[j] as number)
      left -= picked
    }
    sum += left * (value[distinct - 1] as number)
    means[b] = sum / n
  }
}

function validate(request: DriftRequest): { resamples: number; seed: number } {
  const resamples = request.resamples ?? 1000
  if (!Number.isInteger(resamples) || resamples < 1 || resamples > 1_000_000) {
    throw refuse(`resamples must be a whole number from 1 to 1000000; ${resamples} given`)
  }
  const seed = request.seed ?? 0
  if (!Number.isFinite(seed)) throw refuse(`the seed must be a number; ${seed} given`)
  for (const o of request.observations) {
    if (!MONTH.test(o.month)) throw refuse(`episode ${o.episode}: month "${o.month}" is not YYYY-MM`)
    if (!Number.isFinite(o.difference)) {
      throw refuse(`episode ${o.episode}: ${o.who}'s ${o.dimension} difference is not a number`)
    }
  }
  return { resamples, seed }
}

/**
 * The drift figures: for every person x dimension (in the order given), the whole period (month null)
 * and then each month with data, oldest first. With no data: the whole-period figure alone, n 0 and
 * mean, low and high null. Refuses (UserError) only malformed input: a month not YYYY-MM, a difference
 * not a finite number, resamples not a whole number from 1 to 1,000,000.
 */
export function driftFigures(request: DriftRequest): DriftFigure[] {
  const { resamples, seed } = validate(request)
  const personAt = new Map(request.people.map((p, i) => [p, i]))
  const dimensionAt = new Map(request.dimensions.map((d, i) => [d, i]))
  const D = request.dimensions.length

  // Group: cell (person, dimension) -> month -> differences; counted first, then filled into typed arrays.
  const byCell: Map<string, number[]>[] = Array.from({ length: request.people.length * D }, () => new Map())
  for (const o of request.observations) {
    const p = personAt.get(o.who)
    const d = dimensionAt.get(o.dimension)
    if (p === undefined || d === undefined) continue
    const months = byCell[p * D + d] as Map<string, number[]>
    const list = months.get(o.month)
    if (list === undefined) months.set(o.month, [o.difference])
    else list.push(o.difference)
  }

  const means = new Float64Array(resamples)
  const tables = tablesUpTo(request.observations.length)
  const figure = (
    who: string,
    dimension: string,
    month: string | null,
    values: Float64Array,
  ): DriftFigure => {
    if (values.length === 0) return { who, dimension, month, n: 0, mean: null, low: null, high: null }
    values.sort()
    const { low, high } = bootstrapInterval(
      values,
      resamples,
      seedOf(seed, who, dimension, month ?? ''),
      means,
      tables,
    )
    return { who, dimension, month, n: values.length, mean: meanOf(values), low, high }
  }

  const figures: DriftFigure[] = []
  request.people.forEach((who, p) => {
    request.dimensions.forEach((dimension, d) => {
      const months = byCell[p * D + d] as Map<string, number[]>
      const monthList = [...months.keys()].sort()
      let total = 0
      for (const list of months.values()) total += list.length
      const whole = new Float64Array(total)
      let at = 0
      for (const list of months.values()) {
        whole.set(list, at)
        at += list.length
      }
      figures.push(figure(who, dimension, null, whole))
      for (const month of monthList) {
        figures.push(figure(who, dimension, month, Float64Array.from(months.get(month) as number[])))
      }
    })
  })
  return figures
}

/** Scores of one episode's chapters: chapter key -> dimension -> score (null: not scored). */
export type ChapterScores = Record<string, Record<string, number | null>>

export interface EpisodeScores {
  episode: string
  /** YYYY-MM. */
  month: string
  /** The episode's consensus, or null when the lead has not chosen one. */
  consensus: ChapterScores | null
  scorers: { who: string; scores: ChapterScores }[]
}

/**
 * The observations of one episode. Chapters are matched by key: the caller aligns the analyses' chapters
 * (same key = the same stretch of the episode) before calling. With a consensus, each scorer's score minus
 * the consensus's score of that chapter and dimension (left out where the consensus has none). Without one,
 * minus the mean of the OTHER scorers' scores of that chapter and dimension (left out where no other
 * scorer scored it). Null scores are left out.
 */
export function observationsOf(episode: EpisodeScores): DriftObservation[] {
  const out: DriftObservation[] = []
  const { consensus, scorers, month } = episode
  const observe = (who: string, dimension: string, difference: number): void => {
    out.push({ who, dimension, month, episode: episode.episode, difference })
  }
  if (consensus !== null) {
    for (const { who, scores } of scorers) {
      for (const [chapter, byDimension] of Object.entries(scores)) {
        const reference = consensus[chapter]
        if (reference === undefined) continue
        for (const [dimension, score] of Object.entries(byDimension)) {
          const target = reference[dimension]
          if (score === null || target === null || target === undefined) continue
          observe(who, dimension, score - target)
        }
      }
    }
    return out
  }
  // Sum and count per chapter and dimension once; each scorer's "others" is the total less their own.
  const totals = new Map<string, { sum: number; count: number }>()
  const keyOf = (chapter: string, dimension: string): string => JSON.stringify([chapter, dimension])
  for (const { scores } of scorers) {
    for (const [chapter, byDimension] of Object.entries(scores)) {
      for (const [dimension, score] of Object.entries(byDimension)) {
        if (score === null) continue
        const key = keyOf(chapter, dimension)
        const total = totals.get(key)
        if (total === undefined) totals.set(key, { sum: score, count: 1 })
        else {
          total.sum += score
          total.count += 1
        }
      }
    }
  }
  for (const { who, scores } of scorers) {
    for (const [chapter, byDimension] of Object.entries(scores)) {
      for (const [dimension, score] of Object.entries(byDimension)) {
        if (score === null) continue
        const total = totals.get(keyOf(chapter, dimension)) as { sum: number; count: number }
        if (total.count < 2) continue
        observe(who, dimension, score - (total.sum - score) / (total.count - 1))
      }
    }
  }
  return out
}
