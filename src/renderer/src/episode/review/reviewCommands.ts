import type { CommandHandlers } from '../../commands/commandRegistry'
import type { EpisodeView } from '../../../../shared/contract'
import { go } from '../../routes'
import { acceptingSeen, BLIND_COMMANDS } from '../blind/blindCommands'
import type { EditorContext } from '../editorContext'
import { playRangeOf } from './playRange'

/** Says why a review decision was not made. */
function decided(c: EditorContext, outcome: 'done' | 'nothing' | 'unseen'): void {
  if (outcome === 'nothing') c.notify('Select an item first (N goes to the next unreviewed)')
  if (outcome === 'unseen')
    c.notify('Scroll the card to its end first: A accepts every score it holds, and some are not seen yet')
}

/** The review's commands: walking the queue, deciding, playing the item, scoring blind, comparing analyses. */
export const REVIEW_COMMANDS: CommandHandlers<EditorContext, EpisodeView> = {
  'review.play': {
    perform: (c) => {
      const range = playRangeOf(c.view, c.selection)
      if (!range) return c.notify('Select an item to play it (N goes to the next unreviewed)')
      c.playback.playSpan({ ...range, once: true })
    },
  },
  'review.autoPlay': {
    perform: (c) => c.setAutoPlay(!c.autoPlay),
  },
  'analyses.compare': {
    enabled: (c) => c.analyses >= 2,
    perform: (c) => go({ screen: 'compare', id: c.id }),
  },
  'review.byDisagreement': {
    perform: (c) => c.review.setOrder(c.review.order === 'disagreement' ? 'episode' : 'disagreement'),
  },
  'review.showTab': { perform: (c) => c.showTab('review') },
  'review.next': { perform: (c) => void (c.review.next() || c.notify('Nothing left to review')) },
  'review.accept': acceptingSeen({ perform: (c) => decided(c, c.review.decide('review.accept')) }),
  ...BLIND_COMMANDS,
  'review.reject': { perform: (c) => decided(c, c.review.decide('review.reject')) },
}
