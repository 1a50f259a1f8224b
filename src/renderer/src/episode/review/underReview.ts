import type { EpisodeView } from '../../../../shared/contract'
import type { Selection } from '../editorPanelProps'
import { selectedItem } from './selectedItem'

/**
 * Whether the review card shows beside the video: while the Review tab is open, and whenever the
 * selected item is one a machine gave that waits for the reviewer (N, A and X go from one to the next).
 */
export function underReview(view: EpisodeView, selection: Selection, reviewTabOpen: boolean): boolean {
  if (reviewTabOpen) return true
  const selected = selectedItem(view, selection)
  return selected?.item.origin === 'machine' && selected.item.status === 'unreviewed'
}
