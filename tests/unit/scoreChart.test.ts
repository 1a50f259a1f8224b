import { describe, expect, it } from 'vitest'
import type { ChapterView } from '../../src/shared/contract'
import { SEED_DIMENSIONS, SEED_SCALE } from '../../src/shared/rubric'
import { formatAverage, labelEvery, scaleTicks, scoreSeries, seriesRuns } from '../../src/shared/scoreChart'
import { sourceUrlProblem } from '../../src/shared/sourceUrl'

const chapter = (id: string, start: number, values: Record<string, number | null>): ChapterView => ({
  id,
  title: id,
  start,
  end: start + 60,
  why: '',
  scores: Object.fromEntries(
    SEED_DIMENSIONS.map((d) => [d.key, { value: values[d.key] ?? null, reasoning: `${id} ${d.key}` }]),
  ),
  machineScores: null,
  reasoningToConfirm: [],
  scoreReview: null,
  origin: 'human',
  status: 'accepted',
})

describe('score chart helpers', () => {
  it('makes one series per dimension, in chapter time order, skipping unscored chapters', () => {
    const series = scoreSeries({
      rubric: { scale: SEED_SCALE, dimensions: [...SEED_DIMENSIONS] },
      chapters: [
        chapter('b', 60, { guestTeaching: 3 }),
        chapter('a', 0, { guestTeaching: 1, guestDisagreement: 2 }),
      ],
    })
    expect(series.map((s) => s.label)).toEqual(SEED_DIMENSIONS.map((d) => d.label))
    expect(series[1]?.points).toEqual([
      { chapterIndex: 0, chapterId: 'a', value: 1, reasoning: 'a guestTeaching' },
      { chapterIndex: 1, chapterId: 'b', value: 3, reasoning: 'b guestTeaching' },
    ])
    expect(series[2]?.points.map((p) => p.chapterId)).toEqual(['a'])
    expect(series[0]?.points).toEqual([])
  })

  it('breaks a line where a chapter is not scored', () => {
    const p = (chapterIndex: number) => ({
      chapterIndex,
      chapterId: `c${chapterIndex}`,
      value: 1,
      reasoning: '',
    })
    expect(seriesRuns([p(0), p(1), p(3), p(4), p(6)]).map((r) => r.map((x) => x.chapterIndex))).toEqual([
      [0, 1],
      [3, 4],
      [6],
    ])
    expect(seriesRuns([])).toEqual([])
  })

  it('ticks the scale in whole steps without crowding its top', () => {
    expect(scaleTicks(0, 10)).toEqual([0, 2, 4, 6, 8, 10])
    expect(scaleTicks(0, 5)).toEqual([0, 1, 2, 3, 4, 5])
    expect(scaleTicks(0, 7)).toEqual([0, 2, 4, 6, 7])
    expect(scaleTicks(0, 13)).toEqual([0, 3, 6, 9, 13])
    expect(scaleTicks(3, 3)).toEqual([3])
  })

  it('writes averages as the published page does', () => {
    expect([0, 1.25, 1.3, null, undefined].map(formatAverage)).toEqual(['0.0', '1.3', '1.3', '—', '—'])
  })

  it('thins labels to at most the number asked for', () => {
    expect(labelEvery(6, 12)).toBe(1)
    expect(labelEvery(60, 12)).toBe(5)
    expect(labelEvery(0, 12)).toBe(1)
  })
})

describe('sourceUrlProblem', () => {
  it('accepts web links and an empty field, and says why anything else is refused', () => {
    expect(sourceUrlProblem('https://www.youtube.com/watch?v=abc')).toBeNull()
    expect(sourceUrlProblem('  http://example.com  ')).toBeNull()
    expect(sourceUrlProblem('')).toBeNull()
    expect(sourceUrlProblem('youtube.com/watch')).toMatch(/http/)
    expect(sourceUrlProblem('https://exa mple.com')).toMatch(/http/)
  })
})
