import type { CiteTarget, EpisodeView } from '../../../../shared/contract'
import type { EvidenceItem } from '../../../../shared/episodeFormat'
import { formatClock } from '../../../../shared/time'

/** Where a citation went, as the status line says it: the dimension (and its chapter), a why, a highlight. */
function placeOf(view: EpisodeView, target: CiteTarget): string {
  if (target.kind === 'highlight') {
    const highlight = view.highlights.find((h) => h.id === target.highlightId)
    return highlight ? `the highlight at ${formatClock(highlight.time)}` : 'the highlight'
  }
  const index = view.chapters.findIndex((c) => c.id === target.chapterId)
  const chapter = view.chapters[index]
  const name = chapter?.title.trim() || `chapter ${index + 1}`
  if (target.kind === 'why') return `the why of ${name}`
  const label = view.rubric.dimensions.find((d) => d.key === target.dimension)?.label ?? target.dimension
  return `${label} (${name})`
}

/**
 * "Cited 1:10–1:14 in Guest teaching (Part 1)": a citation is otherwise seen only as a chip, which may
 * sit in a closed reasoning below the fold.
 */
export function citedInWords(view: EpisodeView, target: CiteTarget, item: EvidenceItem): string {
  const statement = 'statement' in item ? view.statements.find((s) => s.id === item.statement) : null
  const span = 'statement' in item ? statement : item
  const when = span ? `${formatClock(span.start)}–${formatClock(span.end)}` : 'the statement'
  return `Cited ${when}${statement?.title.trim() ? ` (“${statement.title.trim()}”)` : ''} in ${placeOf(view, target)}`
}
