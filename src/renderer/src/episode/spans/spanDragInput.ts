/** What the waveform stack's pointer gestures are given: the hook passes it and the gestures read it. */
import type { StatementView } from '../../../../shared/contract'
import type { Edit, Selection } from '../editorPanelProps'
import type { HighlightMark } from '../highlights/highlightMarks'
import type { ViewWindow } from '../Waveform'
import type { ChapterEdge } from './chapterEdges'
import type { SpanLayout } from './spanGeometry'
import type { SnapTargets } from './spanSnapping'
import type { WaveformLabels } from './waveformLabels'

export interface SpanDragInput {
  episodeId: string
  duration: number
  view: ViewWindow | null
  statements: SpanLayout<StatementView>
  edges: readonly ChapterEdge[]
  highlights: readonly HighlightMark[]
  /** The chapter titles and highlight flags as laid out: a press on a flag selects its highlight. */
  labels: WaveformLabels | null
  targets: SnapTargets
  selectedId: string | null
  edit: Edit
  select: (selection: Selection) => void
  seek: (seconds: number) => void
  /** Scrolls the waveform by some pixels; answers the view it shows then. */
  scrollBy: (px: number) => ViewWindow | null
}
