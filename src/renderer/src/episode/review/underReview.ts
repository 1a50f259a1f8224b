import type { EpisodeView } from '../../../../shared/contract'
import type { Selection } from '../editorPanelProps'
import { selectedItem } from './selectedItem'

/**
 * Whether the review card shows beside the video: while the Review tab is open, and whenever the
 * selected item is one a machine gave, whatever its review state. An item edited from the card (which
 * makes it reviewed, and may end the review) stays on screen while it is typed in; the editor's own
 * items, or none, leave the video its width.
 */
export function underReview(view: EpisodeView, selection: Selection, review: { tabOpen: boolean }): boolean {
  if (review.tabOpen) return true
  return selectedItem(view, selection)?.item.origin === 'machine'
}
