import type { EpisodeView } from '../../../../shared/contract'
import type { Selection } from '../editorPanelProps'
import { selectedItem } from './selectedItem'

/**
 * Whether the review card shows beside the video: while the Review tab is open, and, while the review
 * goes on, whenever the selected item is one a machine gave (an item edited from the card, which makes
 * it reviewed, stays on screen). Once nothing waits, the video has its width back.
 */
export function underReview(
  view: EpisodeView,
  selection: Selection,
  review: { tabOpen: boolean; left: number },
): boolean {
  if (review.tabOpen) return true
  const selected = selectedItem(view, selection)
  if (selected?.item.origin !== 'machine') return false
  return selected.item.status === 'unreviewed' || review.left > 0
}
