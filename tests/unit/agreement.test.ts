import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { agreement, agreementSummary, type AnalysisSource } from '../../src/core/agreement/agreement'
import { agreementUnits, chapterOfUnits } from '../../src/core/agreement/agreementUnits'
import { krippendorffAlpha, type AlphaMetric } from '../../src/core/agreement/krippendorff'
import { matchStatements } from '../../src/core/agreement/statementMatching'
import { alphaBand, type AgreementDetail } from '../../src/shared/agreement'
import type { Chapter, EpisodeDocument, Statement } from '../../src/shared/episodeFormat'
import { analysesOnScale } from '../analysesOnScale'
import { machineEpisode } from '../machineEpisode'

const N = null
/** Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability", section C: 4 observers, 12 units. */
const WORKED_EXAMPLE = [
  [1, 2, 3, 3, 2, 1, 4, 1, 2, N, N, N],
  [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, N, 3],
  [N, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, N],
  [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, N],
]
const byUnit = (observers: readonly (readonly (number | null)[])[]): (number | null)[][] =>
  (observers[0] ?? []).map((_, u) => observers.map((o) => o[u] ?? null))

describe("Krippendorff's alpha", () => {
  it('gives the published worked example’s values, missing values included', () => {
    const units = byUnit(WORKED_EXAMPLE)
    expect(krippendorffAlpha(units, 'nominal')?.toFixed(3)).toBe('0.743')
    expect(krippendorffAlpha(units, 'ordinal')?.toFixed(3)).toBe('0.815')
    expect(krippendorffAlpha(units, 'interval')?.toFixed(3)).toBe('0.849')
  })

  it('is null when no unit has two values, or when every pairable value is the same', () => {
    expect(
      krippendorffAlpha(
        [
          [3, N],
          [N, 4],
          [N, N],
        ],
        'interval',
      ),
    ).toBeNull()
    expect(
      krippendorffAlpha(
        [
          [5, 5, N],
          [5, 5, 5],
        ],
        'ordinal',
      ),
    ).toBeNull()
    expect(krippendorffAlpha([], 'interval')).toBeNull()
  })

  const ratings = fc.array(
    fc.array(fc.option(fc.integer({ min: 0, max: 10 }), { nil: null }), { minLength: 3, maxLength: 3 }),
    {
      minLength: 2,
      maxLength: 25,
    },
  )
  const metrics: AlphaMetric[] = ['interval', 'ordinal', 'nominal']

  it('is 1 for perfect agreement on data with at least two distinct values', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10 }), { minLength: 2, maxLength: 30 }),
        fc.integer({ min: 2, max: 5 }),
        (values, raters) => {
          fc.pre(new Set(values).size >= 2)
          const units = values.map((v) => Array.from({ length: raters }, () => v))
          for (const metric of metrics) expect(krippendorffAlpha(units, metric)).toBeCloseTo(1, 12)
        },
      ),
    )
  })

  it('does not depend on the order of the analyses or of the units', () => {
    fc.assert(
      fc.property(ratings, fc.integer(), (units, seed) => {
        const shuffled = [...units].reverse().map((unit) => [...unit].sort(() => (seed % 2 ? 1 : -1)))
        for (const metric of metrics) {
          const a = krippendorffAlpha(units, metric)
          const b = krippendorffAlpha(shuffled, metric)
          if (a === null) expect(b).toBeNull()
          else expect(b).toBeCloseTo(a, 10)
        }
      }),
    )
  })

  it('equals alpha computed from the coincidence matrix as the paper writes it, on any small scale', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.array(fc.option(fc.integer({ min: -3, max: 12 }), { nil: null }), {
            minLength: 2,
            maxLength: 7,
          }),
          {
            minLength: 1,
            maxLength: 30,
          },
        ),
        (units) => {
          for (const metric of metrics) {
            const expected = alphaByMatrix(units, metric)
            const alpha = krippendorffAlpha(units, metric)
            if (expected === null) expect(alpha).toBeNull()
            else expect(alpha).toBeCloseTo(expected, 12)
          }
        },
      ),
    )
  })

  it('reads alpha in Krippendorff’s bands', () => {
    expect([0.85, 0.8, 0.7999, 0.667, 0.5].map(alphaBand)).toEqual([
      'reliable',
      'reliable',
      'tentative',
      'tentative',
      'unreliable',
    ])
  })
})

/**
 * Krippendorff (2011), section C, step by step: the coincidence matrix over the values that occur, its
 * marginals, δ² per metric, and alpha. The reference the measure is checked against.
 */
function alphaByMatrix(units: readonly (readonly (number | null)[])[], metric: AlphaMetric): number | null {
  const rated = units.map((u) => u.filter((v): v is number => v !== null)).filter((u) => u.length >= 2)
  const values = [...new Set(rated.flat())].sort((a, b) => a - b)
  const o = values.map(() => values.map(() => 0))
  for (const unit of rated)
    unit.forEach((x, i) =>
      unit.forEach((y, j) => {
        if (i !== j) o[values.indexOf(x)]![values.indexOf(y)]! += 1 / (unit.length - 1)
      }),
    )
  const n_ = o.map((row) => row.reduce((a, b) => a + b, 0))
  const n = n_.reduce((a, b) => a + b, 0)
  const delta = (c: number, k: number): number => {
    if (metric === 'nominal') return c === k ? 0 : 1
    if (metric === 'interval') return (values[c]! - values[k]!) ** 2
    const [lo, hi] = [Math.min(c, k), Math.max(c, k)]
    let between = 0
    for (let g = lo; g <= hi; g++) between += n_[g]!
    return (between - (n_[c]! + n_[k]!) / 2) ** 2
  }
  let observed = 0
  let expected = 0
  values.forEach((_, c) =>
    values.forEach((_, k) => {
      observed += o[c]![k]! * delta(c, k)
      expected += n_[c]! * n_[k]! * delta(c, k)
    }),
  )
  return expected === 0 ? null : 1 - ((n - 1) * observed) / expected
}

describe('the units of an episode chaptered differently by each analysis', () => {
  it('cuts the timeline at every chapter edge, drops slivers under 1 s and counts unrated units', () => {
    const a = [
      { start: 0, end: 60 },
      { start: 60, end: 120 },
    ]
    const b = [
      { start: 0, end: 60.5 },
      { start: 60.5, end: 90 },
    ]
    // Cut at 0, 60, 60.5, 90, 120 and the longer duration (150): [60, 60.5) is too short to be a unit.
    const units = agreementUnits([120, 150], [a, b])
    expect(units).toEqual([
      { start: 0, end: 60 },
      { start: 60.5, end: 90 },
      { start: 90, end: 120 },
      { start: 120, end: 150 },
    ])
    // Each unit is rated by the chapter holding its midpoint, start inclusive, end exclusive.
    expect(chapterOfUnits(units, a)).toEqual([0, 1, 1, -1])
    expect(chapterOfUnits(units, b)).toEqual([0, 1, -1, -1])
  })
})

describe('statements matched between two analyses', () => {
  const span = (start: number, end: number) => ({ start, end })
  it('pairs one to one at an overlap of at least half their union, the largest overlaps first', () => {
    // a0 = b0 exactly (1.0) goes first; a1 then takes b1 (0.9), the one a0 also overlapped by 0.9.
    const a = [span(0, 10), span(1, 11)]
    const b = [span(0, 10), span(1, 10)]
    expect(matchStatements(a, b)).toBe(2)
    // Just under half: no match.
    expect(matchStatements([span(0, 10)], [span(5, 14.99)])).toBe(0)
    expect(matchStatements([span(0, 10)], [span(5, 15)])).toBe(0)
    expect(matchStatements([span(0, 10)], [span(0, 5)])).toBe(1)
    // One b statement cannot match two of a's.
    expect(matchStatements([span(0, 10), span(0, 10)], [span(0, 10)])).toBe(1)
    expect(matchStatements([], [])).toBe(0)
  })

  it('finds the same matches as comparing every pair, in any order of the lists', () => {
    const spans = fc.array(
      fc
        .tuple(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 1, max: 30 }))
        .map(([s, l]) => span(s, s + l)),
      { maxLength: 40 },
    )
    fc.assert(
      fc.property(spans, spans, (a, b) => {
        expect(matchStatements(a, b)).toBe(bruteForceMatches(a, b))
        expect(matchStatements(b, a)).toBe(matchStatements(a, b))
      }),
    )
  })
})

/** The rule as written, over every pair: the reference the sweep is checked against. */
function bruteForceMatches(a: { start: number; end: number }[], b: { start: number; end: number }[]): number {
  const pairs: { ia: number; ib: number; o: number }[] = []
  a.forEach((x, ia) =>
    b.forEach((y, ib) => {
      const inter = Math.min(x.end, y.end) - Math.max(x.start, y.start)
      const o = inter > 0 ? inter / (Math.max(x.end, y.end) - Math.min(x.start, y.start)) : 0
      if (o >= 0.5) pairs.push({ ia, ib, o })
    }),
  )
  pairs.sort((p, q) => q.o - p.o || p.ia - q.ia || p.ib - q.ib)
  const ua = new Set<number>()
  const ub = new Set<number>()
  for (const p of pairs) {
    if (ua.has(p.ia) || ub.has(p.ib)) continue
    ua.add(p.ia)
    ub.add(p.ib)
  }
  return ua.size
}

function analysis(
  source: string,
  chapters: { start: number; end: number; scores: Record<string, number | null> }[],
  change: (doc: EpisodeDocument) => void = () => undefined,
): AnalysisSource {
  const document = structuredClone(machineEpisode())
  document.chapters = chapters.map((c, i): Chapter => ({
    id: `c${i}`,
    title: `Part ${i + 1}`,
    start: c.start,
    end: c.end,
    why: '',
    scores: Object.fromEntries(Object.entries(c.scores).map(([k, value]) => [k, { value, reasoning: '' }])),
    origin: 'human',
    status: 'edited',
  }))
  change(document)
  return { source, document }
}

describe('the agreement of several analyses of one episode', () => {
  const key = 'guestDisagreement'
  it('rates each unit by each analysis’s chapter and measures alpha and each pair’s difference', () => {
    const a = analysis('a.json', [
      { start: 0, end: 300, scores: { [key]: 2 } },
      { start: 300, end: 600, scores: { [key]: 8 } },
    ])
    const b = analysis('b.json', [
      { start: 0, end: 200, scores: { [key]: 3 } },
      { start: 200, end: 600, scores: { [key]: 8 } },
    ])
    const result = agreement([a, b])
    // Units [0,200), [200,300), [300,600): a says 2, 2, 8; b says 3, 8, 8.
    expect(result.units).toBe(3)
    expect(result.ratings[key]).toEqual([
      [2, 2, 8],
      [3, 8, 8],
    ])
    expect(result.dimensions[key]?.pairs).toEqual([{ a: 0, b: 1, meanAbsoluteDifference: 7 / 3, units: 3 }])
    // The screen draws each score against its dimension's scale.
    expect(result.scales[key]).toEqual(a.document.rubric.scale)
    expect(result.dimensions[key]?.alpha.interval).toBeCloseTo(
      krippendorffAlpha(
        [
          [2, 3],
          [2, 8],
          [8, 8],
        ],
        'interval',
      ) as number,
      12,
    )
    // A dimension nobody scored: null alphas and no pairs in common, never NaN.
    const unscored = result.dimensions.hostsPushingBack
    expect(unscored?.alpha).toEqual({ interval: null, ordinal: null })
    expect(unscored?.pairs[0]?.meanAbsoluteDifference).toBeNull()
    expect(JSON.stringify(agreementSummary(result))).not.toContain('NaN')
    expect(result.analyses).toEqual([
      { source: 'a.json', reviewer: null, origin: 'human' },
      { source: 'b.json', reviewer: null, origin: 'human' },
    ])
  })

  it('measures 6 analyses of 2,000 chapters on a scale of 0 to 10^12 as on their draws, in time near a 0-10 scale’s', () => {
    const sources = (documents: EpisodeDocument[]): AnalysisSource[] =>
      documents.map((document) => ({ source: document.episode.id, document }))
    const options = { count: 6, chapters: 2_000, levels: 5_001 }
    // Every score k * 2·10^8: thousands of distinct values, a square of them gigabytes.
    const huge = analysesOnScale({ ...options, scale: { min: 0, max: 1e12 }, value: (k) => k * 2e8 })
    const draws = analysesOnScale({ ...options, scale: { min: 0, max: 5_000 }, value: (k) => k })
    const tenPoint = analysesOnScale({ ...options, levels: 11, scale: { min: 0, max: 10 }, value: (k) => k })
    agreement(sources(tenPoint))
    const timed = (documents: EpisodeDocument[]): { ms: number; result: AgreementDetail } => {
      const start = performance.now()
      const result = agreement(sources(documents))
      return { ms: performance.now() - start, result }
    }
    const normal = timed(tenPoint)
    const onHuge = timed(huge)
    const onDraws = agreement(sources(draws))
    expect(onHuge.result.units).toBeGreaterThan(10_000)
    for (const [dimension, measured] of Object.entries(onHuge.result.dimensions)) {
      const reference = onDraws.dimensions[dimension]
      // Alpha is the same under a change of unit (interval) and depends only on order (ordinal).
      expect(measured.alpha.interval, dimension).toBeCloseTo(reference?.alpha.interval as number, 9)
      expect(measured.alpha.ordinal, dimension).toBe(reference?.alpha.ordinal)
    }
    // Linear in the ratings whatever their values: never a pass over every pair of distinct values.
    expect(onHuge.ms).toBeLessThan(5 * normal.ms)
  })

  it('computes a dimension some analyses lack over the others, and leaves out one on another scale', () => {
    const a = analysis('a.json', [{ start: 0, end: 600, scores: { [key]: 2 } }])
    const b = analysis('b.json', [{ start: 0, end: 600, scores: { [key]: 2 } }], (doc) => {
      doc.rubric.dimensions = doc.rubric.dimensions.filter((d) => d.key !== 'guestTeaching')
    })
    const c = analysis('c.json', [{ start: 0, end: 600, scores: { [key]: 3 } }], (doc) => {
      doc.rubric.dimensions.push({
        key: 'humour',
        label: 'Humour',
        description: '',
        highlightLabel: 'Funniest',
      })
    })
    const result = agreement([a, b, c])
    expect(result.partial).toEqual({ guestTeaching: [1], humour: [0, 1] })
    const other = analysis('d.json', [{ start: 0, end: 600, scores: {} }], (doc) => {
      doc.rubric.scale = { min: 1, max: 5 }
    })
    const scaled = agreement([a, other])
    expect(Object.keys(scaled.dimensions)).toEqual([])
    expect(scaled.leftOut[key]).toContain('scale differs')
    expect(scaled.leftOut[key]).toContain('1-5 in d.json')
  })

  it('matches statements per pair and says which analysis a machine made', () => {
    const machine = { source: 'machine.json', document: machineEpisode() }
    const person = analysis('me.json', [{ start: 0, end: 600, scores: {} }], (doc) => {
      doc.review.reviewer = 'Ada'
      doc.statements = doc.statements.slice(0, 1).map((s): Statement => ({ ...s, status: 'accepted' }))
    })
    const result = agreement([machine, person])
    expect(result.analyses.map((a) => [a.reviewer, a.origin])).toEqual([
      [machine.document.review.reviewer, 'machine'],
      ['Ada', 'human'],
    ])
    const count = machine.document.statements.length
    expect(result.statements.pairs).toEqual([{ a: 0, b: 1, matched: 1, f1: 2 / (count + 1) }])
  })

  it('refuses one analysis, and analyses of different episodes naming both', () => {
    const a = analysis('a.json', [])
    expect(() => agreement([a])).toThrow('two analyses or more')
    const otherMedia = analysis('b.json', [], (doc) => {
      doc.episode.media = { fileName: 'x.mp3', sha256: 'cd'.repeat(32), kind: 'audio' }
    })
    expect(() => agreement([a, otherMedia])).toThrow(/a\.json and b\.json are analyses of different episodes/)
    // Without media on one side, the episode ids decide.
    const noMedia = analysis('c.json', [], (doc) => {
      doc.episode.media = null
      doc.episode.id = 'another-episode'
    })
    expect(() => agreement([a, noMedia])).toThrow(/episode ids/)
    const sameId = analysis('d.json', [], (doc) => {
      doc.episode.media = null
    })
    expect(agreement([a, sameId]).units).toBe(1)
  })
})
