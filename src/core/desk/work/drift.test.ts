import { describe, expect, it } from 'vitest'
import type { DriftFigure } from '../../../shared/contract/deskWork'
import { UserError } from '../../errors'
import { driftFigures, observationsOf, type DriftObservation, type EpisodeScores } from './drift'
import { seededGenerator, seedOf } from './seededGenerator'

const observation = (
  who: string,
  dimension: string,
  month: string,
  difference: number,
): DriftObservation => ({
  who,
  dimension,
  month,
  episode: `${who}-${month}`,
  difference,
})

const find = (figures: DriftFigure[], who: string, dimension: string, month: string | null): DriftFigure => {
  const found = figures.find((f) => f.who === who && f.dimension === dimension && f.month === month)
  if (found === undefined) throw new Error(`no figure for ${who} ${dimension} ${month}`)
  return found
}

/** A normal sample (Box-Muller over the seeded generator): mean `mu`, standard deviation `sd`. */
function normals(n: number, mu: number, sd: number, seed: number): number[] {
  const next = seededGenerator(seed)
  return Array.from(
    { length: n },
    () => mu + sd * Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next()),
  )
}

/** The bootstrap as the module's comment says it, slowly: plain arrays, one draw at a time. */
function slowInterval(differences: number[], resamples: number, seed: number): { low: number; high: number } {
  const values = [...differences].sort((a, b) => a - b)
  const next = seededGenerator(seed)
  const means: number[] = []
  for (let b = 0; b < resamples; b++) {
    let sum = 0
    for (let i = 0; i < values.length; i++) sum += values[Math.floor(next() * values.length)] as number
    means.push(sum / values.length)
  }
  means.sort((a, b) => a - b)
  const quantile = (p: number): number => {
    const h = p * (means.length - 1)
    const lo = Math.floor(h)
    const a = means[lo] as number
    const b = means[Math.min(lo + 1, means.length - 1)] as number
    return a + (h - lo) * (b - a)
  }
  return { low: quantile(0.025), high: quantile(0.975) }
}

describe('the drift figures', () => {
  it('gives the mean signed difference and its count, over the period and per month', () => {
    const figures = driftFigures({
      observations: [
        observation('ann', 'clarity', '2025-03', 2),
        observation('ann', 'clarity', '2025-01', -1),
        observation('ann', 'clarity', '2025-03', 1),
        observation('ann', 'depth', '2025-01', 0.5),
      ],
      people: ['ann'],
      dimensions: ['clarity', 'depth'],
      resamples: 200,
      seed: 1,
    })
    // By hand: (2 - 1 + 1) / 3; March (2 + 1) / 2; January -1.
    expect(find(figures, 'ann', 'clarity', null)).toMatchObject({ n: 3, mean: 2 / 3 })
    expect(find(figures, 'ann', 'clarity', '2025-03')).toMatchObject({ n: 2, mean: 1.5 })
    expect(find(figures, 'ann', 'clarity', '2025-01')).toMatchObject({ n: 1, mean: -1, low: -1, high: -1 })
    // The whole period first, then the months oldest first; person by person, dimension by dimension.
    expect(figures.map((f) => `${f.dimension} ${f.month}`)).toEqual([
      'clarity null',
      'clarity 2025-01',
      'clarity 2025-03',
      'depth null',
      'depth 2025-01',
    ])
  })

  it('lists every person and dimension, with n 0 and no figures where nothing is scored', () => {
    const figures = driftFigures({
      observations: [
        observation('ann', 'clarity', '2025-01', 1),
        observation('stranger', 'clarity', '2025-01', 9),
      ],
      people: ['ann', 'bob', 'machine'],
      dimensions: ['clarity', 'depth'],
    })
    const empty = { n: 0, mean: null, low: null, high: null, month: null }
    expect(find(figures, 'bob', 'clarity', null)).toMatchObject(empty)
    expect(find(figures, 'machine', 'depth', null)).toMatchObject(empty)
    expect(find(figures, 'ann', 'depth', null)).toMatchObject(empty)
    expect(figures.filter((f) => f.who === 'bob')).toHaveLength(2)
    expect(figures.some((f) => f.who === 'stranger')).toBe(false)
    expect(driftFigures({ observations: [], people: ['a'], dimensions: ['d'] })).toEqual([
      { who: 'a', dimension: 'd', ...empty },
    ])
  })

  it('gives the interval a plain, slow bootstrap with the same generator gives', () => {
    // Distinct values: the figure is drawn one difference at a time, as the slow one is.
    const differences = normals(150, 0.4, 1.2, 9)
    const figures = driftFigures({
      observations: differences.map((d) => observation('ann', 'clarity', '2025-05', d)),
      people: ['ann'],
      dimensions: ['clarity'],
      resamples: 500,
      seed: 77,
    })
    const whole = find(figures, 'ann', 'clarity', null)
    const expected = slowInterval(differences, 500, seedOf(77, 'ann', 'clarity', ''))
    expect(whole.low).toBeCloseTo(expected.low, 12)
    expect(whole.high).toBeCloseTo(expected.high, 12)
    const month = find(figures, 'ann', 'clarity', '2025-05')
    const expectedMonth = slowInterval(differences, 500, seedOf(77, 'ann', 'clarity', '2025-05'))
    expect(month.low).toBeCloseTo(expectedMonth.low, 12)
    expect(month.high).toBeCloseTo(expectedMonth.high, 12)
  })

  it('collapses the interval to the value for a constant sample', () => {
    for (const value of [2, -1, 0.1]) {
      const figures = driftFigures({
        observations: Array.from({ length: 400 }, () => observation('ann', 'clarity', '2025-01', value)),
        people: ['ann'],
        dimensions: ['clarity'],
        resamples: 300,
      })
      const whole = find(figures, 'ann', 'clarity', null)
      expect(whole.mean).toBeCloseTo(value, 12)
      expect(whole.low).toBeCloseTo(value, 12)
      expect(whole.high).toBeCloseTo(value, 12)
    }
  })

  it('approaches mean +- 1.96 sd / sqrt(n) for a large sample, whole or rounded to whole scores', () => {
    const sample = normals(4000, -0.3, 2, 5)
    // Rounded: few distinct values, so drawn as counts per value; unrounded: one draw per difference.
    for (const differences of [sample, sample.map((x) => Math.round(x))]) {
      const n = differences.length
      const mean = differences.reduce((a, b) => a + b, 0) / n
      const sd = Math.sqrt(differences.reduce((a, b) => a + (b - mean) ** 2, 0) / n)
      const half = (1.96 * sd) / Math.sqrt(n)
      const figure = find(
        driftFigures({
          observations: differences.map((d) => observation('ann', 'clarity', '2025-01', d)),
          people: ['ann'],
          dimensions: ['clarity'],
          resamples: 4000,
          seed: 3,
        }),
        'ann',
        'clarity',
        null,
      )
      expect(figure.mean).toBeCloseTo(mean, 10)
      // The bootstrap's own error at 4000 resamples is a few per cent of the half width.
      expect(Math.abs((figure.low as number) - (mean - half))).toBeLessThan(0.1 * half)
      expect(Math.abs((figure.high as number) - (mean + half))).toBeLessThan(0.1 * half)
    }
  })

  it('repeats with the seed, whatever order the observations come in, and moves with another seed', () => {
    const next = seededGenerator(11)
    const observations = Array.from({ length: 600 }, (_, i) =>
      observation(
        i % 2 ? 'ann' : 'machine',
        i % 3 ? 'clarity' : 'depth',
        `2025-0${1 + (i % 4)}`,
        Math.floor(next() * 7) - 3,
      ),
    )
    const request = { people: ['ann', 'machine'], dimensions: ['clarity', 'depth'], resamples: 400 }
    const a = driftFigures({ ...request, observations, seed: 4 })
    expect(driftFigures({ ...request, observations, seed: 4 })).toEqual(a)
    expect(driftFigures({ ...request, observations: [...observations].reverse(), seed: 4 })).toEqual(a)
    const other = driftFigures({ ...request, observations, seed: 5 })
    expect(other.map((f) => f.mean)).toEqual(a.map((f) => f.mean))
    expect(other.map((f) => f.low)).not.toEqual(a.map((f) => f.low))
    // One person's figures do not move when another's data does.
    const annOnly = driftFigures({
      ...request,
      observations: observations.filter((o) => o.who === 'ann'),
      seed: 4,
    })
    expect(annOnly.filter((f) => f.who === 'ann')).toEqual(a.filter((f) => f.who === 'ann'))
  })

  it('refuses malformed input, naming it', () => {
    const refusal = (call: () => unknown): string => {
      try {
        call()
      } catch (error) {
        expect(error).toBeInstanceOf(UserError)
        return (error as Error).message
      }
      throw new Error('not refused')
    }
    const base = { people: ['ann'], dimensions: ['clarity'] }
    expect(
      refusal(() => driftFigures({ ...base, observations: [observation('ann', 'clarity', '2025-13', 1)] })),
    ).toBe('desk drift: episode ann-2025-13: month "2025-13" is not YYYY-MM')
    expect(
      refusal(() => driftFigures({ ...base, observations: [observation('ann', 'clarity', '2025-01', NaN)] })),
    ).toBe("desk drift: episode ann-2025-01: ann's clarity difference is not a number")
    expect(refusal(() => driftFigures({ ...base, observations: [], resamples: 0 }))).toBe(
      'desk drift: resamples must be a whole number from 1 to 1000000; 0 given',
    )
  })

  it('does four times the episodes in about four times the work', () => {
    const cpu = (): number => {
      const used = process.cpuUsage()
      return (used.user + used.system) / 1000
    }
    const people = ['r0', 'r1', 'r2', 'machine']
    const dimensions = ['a', 'b', 'c', 'd']
    const season = (episodes: number): EpisodeScores[] => {
      const next = seededGenerator(episodes)
      return Array.from({ length: episodes }, (_, e) => ({
        episode: `e${e}`,
        month: `2025-${String(1 + (e % 12)).padStart(2, '0')}`,
        consensus: null,
        scorers: people.map((who) => ({
          who,
          scores: Object.fromEntries(
            Array.from({ length: 10 }, (_, c) => [
              `c${c}`,
              Object.fromEntries(dimensions.map((d) => [d, Math.floor(next() * 6)])),
            ]),
          ),
        })),
      }))
    }
    const run = (episodes: number): number => {
      const scored = season(episodes)
      const start = cpu()
      const observations = scored.flatMap((e) => observationsOf(e))
      driftFigures({ observations, people, dimensions, seed: 1 })
      return cpu() - start
    }
    run(50) // warm
    const small = run(250)
    const large = run(1000)
    // Twice the ratio of linear work, for a busy machine; one draw per difference for every interval
    // would be linear too, so this bounds the growth, and the bench bounds the time.
    expect(large).toBeLessThan(8 * Math.max(small, 1))
  })
})

describe('the observations of an episode', () => {
  const scorers: EpisodeScores['scorers'] = [
    { who: 'ann', scores: { c1: { clarity: 4, depth: null }, c2: { clarity: 2, depth: 3 } } },
    { who: 'bob', scores: { c1: { clarity: 2, depth: 5 }, c2: { clarity: 3, depth: null } } },
    { who: 'machine', scores: { c1: { clarity: 3, depth: 1 } } },
  ]
  const differences = (episode: EpisodeScores): string[] =>
    observationsOf(episode)
      .map((o) => `${o.who} ${o.dimension} ${o.difference}`)
      .sort()

  it('takes the difference from the consensus where there is one, chapter by chapter', () => {
    const episode = {
      episode: 'e',
      month: '2025-02',
      scorers,
      consensus: { c1: { clarity: 3, depth: 4 }, c2: { clarity: null } },
    }
    expect(differences(episode)).toEqual([
      'ann clarity 1',
      'bob clarity -1',
      'bob depth 1',
      'machine clarity 0',
      'machine depth -3',
    ])
    expect(observationsOf(episode)[0]).toMatchObject({ episode: 'e', month: '2025-02' })
  })

  it('else from the mean of the other scorers of that chapter, leaving out what no other scored', () => {
    expect(differences({ episode: 'e', month: '2025-02', scorers, consensus: null })).toEqual([
      // c1 clarity: ann 4 - (2 + 3) / 2, bob 2 - 3.5, machine 3 - 3; c1 depth: bob 5 - 1, machine 1 - 5;
      // c2 clarity: ann 2 - 3, bob 3 - 2; c2 depth: ann alone.
      'ann clarity -1',
      'ann clarity 1.5',
      'bob clarity -1.5',
      'bob clarity 1',
      'bob depth 4',
      'machine clarity 0',
      'machine depth -4',
    ])
  })
})
