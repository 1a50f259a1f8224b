import type { EpisodeView, ReviewKind } from '../../../../shared/contract'
import type { Selection } from '../editorPanelProps'

/** The selected item as the review sees it (kind, id, time), when it is one of the reviewed kinds. */
export function reviewItemOf(
  view: EpisodeView,
  selection: NonNullable<Selection>,
): { kind: ReviewKind; id: string; time: number } | null {
  const time =
    selection.kind === 'chapter'
      ? view.chapters.find((c) => c.id === selection.id)?.start
      : selection.kind === 'highlight'
        ? view.highlights.find((h) => h.id === selection.id)?.time
        : view.statements.find((s) => s.id === selection.id)?.start
  return time === undefined ? null : { kind: selection.kind, id: selection.id, time }
}
