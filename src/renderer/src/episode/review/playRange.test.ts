import { describe, expect, it } from 'vitest'
import type { EpisodeView } from '../../../../shared/contract'
import { playRangeOf } from './playRange'

const view = {
  summary: { durationSeconds: 600 },
  statements: [{ id: 's1', start: 5, end: 12 }],
  highlights: [
    { id: 'h1', time: 415 },
    { id: 'h2', time: 2 },
    { id: 'h3', time: 598 },
  ],
  chapters: [
    { id: 'c1', start: 0, end: 200 },
    { id: 'c2', start: 590, end: 600 },
  ],
} as unknown as EpisodeView

describe('what the play key plays', () => {
  it('is a statement’s span', () => {
    expect(playRangeOf(view, { kind: 'statement', id: 's1' })).toEqual({ start: 5, end: 12 })
  })

  it('is 5 s either side of a highlight’s moment, within the media', () => {
    expect(playRangeOf(view, { kind: 'highlight', id: 'h1' })).toEqual({ start: 410, end: 420 })
    expect(playRangeOf(view, { kind: 'highlight', id: 'h2' })).toEqual({ start: 0, end: 7 })
    expect(playRangeOf(view, { kind: 'highlight', id: 'h3' })).toEqual({ start: 593, end: 600 })
  })

  it('is a chapter’s first 15 s, or all of a shorter chapter', () => {
    expect(playRangeOf(view, { kind: 'chapter', id: 'c1' })).toEqual({ start: 0, end: 15 })
    expect(playRangeOf(view, { kind: 'chapter', id: 'c2' })).toEqual({ start: 590, end: 600 })
  })

  it('is nothing without a selection, or for an item gone', () => {
    expect(playRangeOf(view, null)).toBeNull()
    expect(playRangeOf(view, { kind: 'statement', id: 'gone' })).toBeNull()
  })
})
