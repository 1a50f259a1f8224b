import type { CiteTarget, EpisodeView } from '../../../../shared/contract'
import type { EvidenceItem } from '../../../../shared/episodeFormat'

/** The attribute that makes an element (a score's cell, a why, a highlight) a place to cite into. */
export const CITE_ATTRIBUTE = 'data-cite'

/** The attribute's value for a target. */
export function citeAttribute(target: CiteTarget): string {
  if (target.kind === 'score') return `score ${target.chapterId} ${target.dimension}`
  if (target.kind === 'why') return `why ${target.chapterId}`
  return `highlight ${target.highlightId}`
}

/** The target the focus is in (a field, a cell, a row), if any. */
export function focusedCiteTarget(): CiteTarget | null {
  const holder = document.activeElement?.closest(`[${CITE_ATTRIBUTE}]`)
  const [kind, id, dimension] = (holder?.getAttribute(CITE_ATTRIBUTE) ?? '').split(' ')
  if (!id) return null
  if (kind === 'score' && dimension) return { kind, chapterId: id, dimension }
  if (kind === 'why') return { kind, chapterId: id }
  if (kind === 'highlight') return { kind, highlightId: id }
  return null
}

/** A target's evidence in the view as it is now (empty where none was given). */
export function evidenceIn(view: EpisodeView, target: CiteTarget): EvidenceItem[] {
  if (target.kind === 'highlight')
    return view.highlights.find((h) => h.id === target.highlightId)?.evidence ?? []
  const chapter = view.chapters.find((c) => c.id === target.chapterId)
  if (target.kind === 'why') return chapter?.evidence ?? []
  return chapter?.scores[target.dimension]?.evidence ?? []
}

/** Two items are the same citation (a second press cites nothing new). */
export const sameItem = (a: EvidenceItem, b: EvidenceItem): boolean =>
  'statement' in a
    ? 'statement' in b && a.statement === b.statement
    : !('statement' in b) && a.start === b.start && a.end === b.end
