import { describe, expect, it } from 'vitest'
import { chapterAt } from '../../../../shared/chapterAt'
import type { ChapterView } from '../../../../shared/contract'
import { suggestHighlight } from './highlightSuggestion'

function chapter(id: string, start: number, end: number, disagreement: number | null): ChapterView {
  return {
    id,
    title: `Chapter ${id}`,
    start,
    end,
    why: '',
    scores: { guestDisagreement: { value: disagreement, reasoning: '' } },
    machineScores: null,
    reasoningToConfirm: [],
    scoreReview: null,
    origin: 'human',
    status: 'accepted',
  }
}

const CHAPTERS = [
  chapter('a', 0, 10, 1),
  chapter('b', 10, 20, 3),
  chapter('c', 20, 30, 3),
  chapter('d', 35, 40, null),
]

describe('the chapter a moment is in', () => {
  it('finds the chapter around a time, the later one on a shared boundary', () => {
    expect(chapterAt(CHAPTERS, 5)?.id).toBe('a')
    expect(chapterAt(CHAPTERS, 10)?.id).toBe('b')
    expect(chapterAt(CHAPTERS, 0)?.id).toBe('a')
  })

  it('keeps the end of a chapter before a gap, and finds nothing in the gap or past the end', () => {
    expect(chapterAt(CHAPTERS, 30)?.id).toBe('c')
    expect(chapterAt(CHAPTERS, 32)).toBeNull()
    expect(chapterAt(CHAPTERS, 41)).toBeNull()
    expect(chapterAt([], 0)).toBeNull()
  })
})

describe('the suggested highlight of a dimension', () => {
  it('is the earliest chapter with the highest score', () => {
    expect(suggestHighlight(CHAPTERS, 'guestDisagreement', { min: 0 })).toMatchObject({
      chapter: { id: 'b' },
      value: 3,
    })
  })

  it('is nothing while no chapter scores above the bottom of the scale, or the dimension is unknown', () => {
    expect(
      suggestHighlight([chapter('a', 0, 1, 0), chapter('b', 1, 2, null)], 'guestDisagreement', { min: 0 }),
    ).toBeNull()
    expect(suggestHighlight(CHAPTERS, 'guestTeaching', { min: 0 })).toBeNull()
  })
})
