import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { UserError } from '../../errors'
import { calibrationCount, planAssignments, type PlanRequest } from './assignPlan'

const names = (prefix: string, n: number): string[] => Array.from({ length: n }, (_, i) => `${prefix}${i}`)

/** This call's assignments per reviewer, with or without the calibration episodes. */
function counts(request: PlanRequest, withCalibration: boolean): Map<string, number> {
  const plan = planAssignments(request)
  const calibration = new Set(plan.calibration)
  const count = new Map(request.reviewers.map((r) => [r, 0]))
  for (const [episode, reviewers] of plan.byEpisode) {
    if (!withCalibration && calibration.has(episode)) continue
    for (const r of reviewers) count.set(r, (count.get(r) ?? 0) + 1)
  }
  return count
}

const spread = (count: Map<string, number>): number =>
  Math.max(...count.values()) - Math.min(...count.values())

/** Any request the plan accepts. */
const requests = fc
  .record({
    episodes: fc.integer({ min: 1, max: 60 }),
    reviewers: fc.integer({ min: 1, max: 12 }),
    overlapPick: fc.nat(),
    share: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: undefined }),
    loads: fc.array(fc.nat({ max: 30 }), { maxLength: 12 }),
    seed: fc.integer(),
  })
  .map(({ episodes, reviewers, overlapPick, share, loads, seed }) => {
    const people = names('r', reviewers)
    const request: PlanRequest = {
      episodes: names('e', episodes),
      reviewers: people,
      overlap: 1 + (overlapPick % reviewers),
      seed,
      load: Object.fromEntries(loads.map((held, i) => [`r${i}`, held])),
    }
    if (share !== undefined) request.calibrationShare = share
    return request
  })

describe('the assignment plan', () => {
  it('gives every episode `overlap` distinct reviewers, or every reviewer when it is a calibration episode', () => {
    fc.assert(
      fc.property(requests, (request) => {
        const plan = planAssignments(request)
        expect([...plan.byEpisode.keys()]).toEqual(request.episodes)
        const calibration = new Set(plan.calibration)
        for (const [episode, reviewers] of plan.byEpisode) {
          expect(new Set(reviewers).size).toBe(reviewers.length)
          for (const r of reviewers) expect(request.reviewers).toContain(r)
          if (calibration.has(episode)) expect(reviewers).toEqual(request.reviewers)
          else expect(reviewers).toHaveLength(request.overlap)
        }
      }),
      { numRuns: 500, seed: 44 },
    )
  })

  it('balances the call: no reviewer more than one episode above another, calibration counted or not', () => {
    fc.assert(
      fc.property(requests, (request) => {
        expect(spread(counts(request, false))).toBeLessThanOrEqual(1)
        expect(spread(counts(request, true))).toBeLessThanOrEqual(1)
      }),
      { numRuns: 500, seed: 45 },
    )
  })

  it('sends the rounded calibration share, at least one, to every reviewer, in the order given', () => {
    fc.assert(
      fc.property(requests, (request) => {
        const plan = planAssignments(request)
        const share = request.calibrationShare ?? 0
        const expected = share > 0 ? Math.max(1, Math.round(share * request.episodes.length)) : 0
        expect(plan.calibration).toHaveLength(Math.min(expected, request.episodes.length))
        expect(plan.calibration).toEqual(request.episodes.filter((e) => plan.calibration.includes(e)))
      }),
      { numRuns: 500, seed: 46 },
    )
    expect(calibrationCount(40, 0.1)).toBe(4)
    expect(calibrationCount(5, 0.1)).toBe(1)
    expect(calibrationCount(5, 0.5)).toBe(3)
    expect(calibrationCount(5, 0)).toBe(0)
  })

  it('repeats: the same request gives the same plan', () => {
    fc.assert(
      fc.property(requests, (request) => {
        const a = planAssignments(request)
        const b = planAssignments(structuredClone(request))
        expect([...b.byEpisode]).toEqual([...a.byEpisode])
        expect(b.calibration).toEqual(a.calibration)
      }),
      { numRuns: 300, seed: 47 },
    )
  })

  it('gives the remainder to the reviewers holding the fewest assignments', () => {
    // 3 episodes x overlap 1 over 4 reviewers: one gets none, and it is the one holding the most.
    const count = counts(
      { episodes: ['a', 'b', 'c'], reviewers: ['x', 'y', 'z', 'w'], overlap: 1, load: { x: 1, y: 9, z: 0 } },
      true,
    )
    expect(Object.fromEntries(count)).toEqual({ x: 1, y: 0, z: 1, w: 1 })
  })

  it('varies the pairs rather than always pairing the same two', () => {
    const plan = planAssignments({ episodes: names('e', 200), reviewers: names('r', 6), overlap: 2, seed: 3 })
    const pairs = new Set([...plan.byEpisode.values()].map((p) => p.join('+')))
    // 15 pairs are possible; a fixed rotation would give 3.
    expect(pairs.size).toBeGreaterThan(10)
  })

  it('refuses what it cannot plan, naming the reason', () => {
    const refusal = (request: PlanRequest): string => {
      try {
        planAssignments(request)
      } catch (error) {
        expect(error).toBeInstanceOf(UserError)
        return (error as Error).message
      }
      throw new Error('not refused')
    }
    expect(refusal({ episodes: ['e'], reviewers: ['a', 'b'], overlap: 3 })).toBe(
      'desk assign: overlap 3 needs at least 3 reviewers; 2 given',
    )
    expect(refusal({ episodes: ['e'], reviewers: ['a', 'b', 'a'], overlap: 1 })).toBe(
      'desk assign: reviewer a is listed twice',
    )
    expect(refusal({ episodes: ['e', 'f', 'e'], reviewers: ['a'], overlap: 1 })).toBe(
      'desk assign: episode e is listed twice',
    )
    expect(refusal({ episodes: [], reviewers: ['a'], overlap: 1 })).toBe('desk assign: no episodes given')
    expect(refusal({ episodes: ['e'], reviewers: [], overlap: 1 })).toBe('desk assign: no reviewers given')
    expect(refusal({ episodes: ['e'], reviewers: ['a'], overlap: 0 })).toBe(
      'desk assign: overlap must be a whole number of 1 or more; 0 given',
    )
    expect(refusal({ episodes: ['e'], reviewers: ['a'], overlap: 1, calibrationShare: 1.5 })).toBe(
      'desk assign: the calibration share must be between 0 and 1; 1.5 given',
    )
    expect(refusal({ episodes: ['e'], reviewers: ['a'], overlap: 1, load: { a: -1 } })).toBe(
      "desk assign: a's load must be 0 or more; -1 given",
    )
  })

  it('does four times the episodes in about four times the work, not sixteen', () => {
    const cpu = (): number => {
      const used = process.cpuUsage()
      return (used.user + used.system) / 1000
    }
    const run = (episodes: number): number => {
      const request = {
        episodes: names('e', episodes),
        reviewers: names('r', 20),
        overlap: 2,
        calibrationShare: 0.1,
      }
      const start = cpu()
      planAssignments(request)
      return cpu() - start
    }
    run(5_000) // warm
    const small = run(25_000)
    const large = run(100_000)
    // Twice the ratio of linear work, for a busy machine; a quadratic plan would be 16x.
    expect(large).toBeLessThan(8 * Math.max(small, 1))
  })
})
