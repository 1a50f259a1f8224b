import { describe, expect, it } from 'vitest'
import type { ChapterView, EpisodeView } from '../../../../shared/contract'
import { firstInQueue, reviewQueue, unreviewedCount, type ReviewItem } from './reviewQueue'

const QUEUE: ReviewItem[] = [
  { kind: 'chapter', id: 'c1', time: 0, title: 'Opening' },
  { kind: 'statement', id: 's1', time: 5, title: 'A claim' },
  { kind: 'highlight', id: 'h1', time: 415, title: 'A moment' },
]

describe('next unreviewed', () => {
  it('is the first item waiting in the order of the episode, whatever was selected', () => {
    expect(firstInQueue(QUEUE)?.id).toBe('c1')
  })

  it('after a decision, is the first other item waiting, even one before the decided item', () => {
    expect(firstInQueue(QUEUE, { kind: 'highlight', id: 'h1' })?.id).toBe('c1')
    expect(firstInQueue(QUEUE, { kind: 'chapter', id: 'c1' })?.id).toBe('s1')
    expect(firstInQueue(QUEUE.slice(0, 1), { kind: 'chapter', id: 'c1' })).toBeNull()
    expect(firstInQueue([])).toBeNull()
  })
})

/** A machine chapter, unreviewed, whose scores the reviewer moved from the machine's (`[machine, own]`). */
const chapter = (id: string, start: number, end: number, moved: Record<string, [number, number | null]>) =>
  ({
    id,
    title: id,
    start,
    end,
    status: 'unreviewed',
    scores: Object.fromEntries(Object.entries(moved).map(([k, [, own]]) => [k, { value: own }])),
    machineScores: Object.fromEntries(Object.entries(moved).map(([k, [machine]]) => [k, { value: machine }])),
  }) as unknown as ChapterView

const VIEW = {
  chapters: [
    chapter('c1', 0, 100, { teaching: [4, 4], pushback: [2, 2] }),
    chapter('c2', 100, 200, { teaching: [5, 6], pushback: [3, 3] }),
    chapter('c3', 200, 300, { teaching: [1, 7], pushback: [3, null] }),
  ],
  statements: [
    { id: 's1', title: 'Early', start: 10, end: 20, chapterId: 'c1', status: 'unreviewed' },
    { id: 's3', title: 'Late', start: 250, end: 260, chapterId: 'c3', status: 'unreviewed' },
    { id: 's2', title: 'Reviewed', start: 150, end: 160, chapterId: 'c2', status: 'accepted' },
  ],
  highlights: [{ id: 'h2', title: 'Moment', time: 120, status: 'unreviewed' }],
} as unknown as EpisodeView

describe('the review queue sorted by disagreement', () => {
  it('walks the chapters where the reviewer is furthest from the machine first, their items with them', () => {
    const ids = (q: readonly ReviewItem[]): string[] => q.map((item) => item.id)
    expect(ids(reviewQueue(VIEW))).toEqual(['c1', 's1', 'c2', 'h2', 'c3', 's3'])
    // c3 moved by 6 (a score taken away is no difference), c2 by 1, c1 not at all: last, as in the episode.
    expect(ids(reviewQueue(VIEW, 'disagreement'))).toEqual(['c3', 's3', 'c2', 'h2', 'c1', 's1'])
    expect(firstInQueue(reviewQueue(VIEW, 'disagreement'))?.title).toBe('c3')
  })
})

describe("the Review tab's count", () => {
  it('is the number of items the queue holds, the accepted left out', () => {
    expect(unreviewedCount(VIEW)).toBe(6)
    expect(unreviewedCount(VIEW)).toBe(reviewQueue(VIEW).length)
    const accepted = { ...VIEW, chapters: VIEW.chapters.map((c) => ({ ...c, status: 'accepted' as const })) }
    expect(unreviewedCount(accepted)).toBe(3)
    expect(unreviewedCount(accepted)).toBe(reviewQueue(accepted).length)
  })
})
