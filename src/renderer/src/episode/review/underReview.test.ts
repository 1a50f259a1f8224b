import { describe, expect, it } from 'vitest'
import type { EpisodeView } from '../../../../shared/contract'
import { underReview } from './underReview'

const view = {
  statements: [
    { id: 'waiting', origin: 'machine', status: 'unreviewed' },
    { id: 'edited', origin: 'machine', status: 'edited' },
    { id: 'mine', origin: 'human', status: 'accepted' },
  ],
  highlights: [],
  chapters: [],
} as unknown as EpisodeView

const statement = (id: string): { kind: 'statement'; id: string } => ({ kind: 'statement', id })

describe('the review card', () => {
  it('shows a machine’s item waiting for the reviewer', () => {
    expect(underReview(view, statement('waiting'), { tabOpen: false })).toBe(true)
  })

  it('stays on a machine’s item the reviewer has just edited, even when that edit ended the review', () => {
    // The last item's first score digit makes it reviewed: the second digit must still find the card.
    expect(underReview(view, statement('edited'), { tabOpen: false })).toBe(true)
  })

  it('leaves the editor’s own items and no selection to the tables, unless the Review tab is open', () => {
    expect(underReview(view, statement('mine'), { tabOpen: false })).toBe(false)
    expect(underReview(view, null, { tabOpen: false })).toBe(false)
    expect(underReview(view, null, { tabOpen: true })).toBe(true)
  })
})
