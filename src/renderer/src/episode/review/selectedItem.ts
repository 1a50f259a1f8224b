import type { ChapterView, EpisodeView, HighlightView, StatementView } from '../../../../shared/contract'
import type { Selection } from '../editorPanelProps'

export type SelectedItem =
  | { kind: 'statement'; item: StatementView }
  | { kind: 'highlight'; item: HighlightView }
  | { kind: 'chapter'; item: ChapterView }

/** The selected item as the view has it now; null when nothing is selected or it is gone. */
export function selectedItem(view: EpisodeView, selection: Selection): SelectedItem | null {
  if (selection?.kind === 'statement') {
    const item = view.statements.find((s) => s.id === selection.id)
    return item ? { kind: 'statement', item } : null
  }
  if (selection?.kind === 'highlight') {
    const item = view.highlights.find((h) => h.id === selection.id)
    return item ? { kind: 'highlight', item } : null
  }
  if (selection?.kind === 'chapter') {
    const item = view.chapters.find((c) => c.id === selection.id)
    return item ? { kind: 'chapter', item } : null
  }
  return null
}
