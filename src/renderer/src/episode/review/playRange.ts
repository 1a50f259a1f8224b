import type { EpisodeView } from '../../../../shared/contract'
import type { Selection } from '../editorPanelProps'

/** How much of a highlight plays: this long before its moment and after it. */
export const HIGHLIGHT_REACH_SECONDS = 5
/** How much of a chapter plays: its opening, enough to hear what it is about. */
export const CHAPTER_OPENING_SECONDS = 15

/**
 * What playing an item lets the reviewer hear, within the media: a statement's span, a highlight's
 * 10 s around its moment, a chapter's first 15 s (less when the chapter is shorter). Null when nothing
 * playable is selected.
 */
export function playRangeOf(view: EpisodeView, selection: Selection): { start: number; end: number } | null {
  const duration = view.summary.durationSeconds
  const within = (start: number, end: number): { start: number; end: number } => ({
    start: Math.max(0, start),
    end: Math.min(duration, end),
  })
  if (selection?.kind === 'statement') {
    const s = view.statements.find((x) => x.id === selection.id)
    return s ? within(s.start, s.end) : null
  }
  if (selection?.kind === 'highlight') {
    const h = view.highlights.find((x) => x.id === selection.id)
    return h ? within(h.time - HIGHLIGHT_REACH_SECONDS, h.time + HIGHLIGHT_REACH_SECONDS) : null
  }
  if (selection?.kind === 'chapter') {
    const c = view.chapters.find((x) => x.id === selection.id)
    return c ? within(c.start, Math.min(c.end, c.start + CHAPTER_OPENING_SECONDS)) : null
  }
  return null
}
