import type { HighlightView } from '../../../../shared/contract'
import type { Dimension } from '../../../../shared/episodeFormat'

/** The row of the waveform where highlights are flagged, in CSS pixels, and how much of a flag a press takes. */
export interface FlagRow {
  top: number
  height: number
  grabPx: number
}

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

/**
 * The highlight whose flag is under a press at `time` and height `y`: the flag drawn last (the later
 * highlight) where two overlap.
 */
export function flagAt(
  marks: readonly HighlightMark[],
  time: number,
  y: number,
  pxPerSec: number,
  flag: FlagRow,
): HighlightMark | null {
  if (y < flag.top || y > flag.top + flag.height) return null
  let found: HighlightMark | null = null
  for (const mark of marks) {
    const px = (time - mark.time) * pxPerSec
    if (px >= -2 && px <= flag.grabPx) found = mark
  }
  return found
}
