import type { HighlightView } from '../../../../shared/contract'
import type { Dimension } from '../../../../shared/episodeFormat'

/** A highlight as the waveform marks it: where, and what its flag says. */
export interface HighlightMark {
  id: string
  time: number
  label: string
  selected: boolean
}

/**
 * The highlights in time order, each flagged as the published page names it: its dimension's highlight
 * label ("Sharpest disagreement"), else the dimension, else its own title.
 */
export function highlightMarks(
  highlights: readonly HighlightView[],
  dimensions: readonly Dimension[],
  selectedId: string | null,
): HighlightMark[] {
  const byKey = new Map(dimensions.map((d) => [d.key, d]))
  return highlights
    .map((h) => {
      const dimension = byKey.get(h.dimension)
      const label = dimension?.highlightLabel || dimension?.label || h.title || 'Highlight'
      return { id: h.id, time: h.time, label, selected: h.id === selectedId }
    })
    .sort((a, b) => a.time - b.time)
}
