import type { EpisodeView } from '../../../shared/contract'
import type { QueueItem } from '../../../shared/contract/deskWork'
import type { Edit, Selection } from './editorPanelProps'
import type { ExportChoice } from './exportFile'
import type { Playback } from './playback/usePlayback'
import type { ReviewFlow } from './review/useReviewFlow'
import type { SnapTargets } from './spans/spanSnapping'
import type { EditorTabId } from './editorTabOrder'
import type { TranscriptPanelHandle } from './transcript/TranscriptPanel'
import type { WaveformController } from './Waveform'

/** The episode screen's dialogs a command can open. */
export type EditorDialog =
  | 'shortcuts'
  | 'highlight'
  | 'goTo'
  | 'speakers'
  | 'site'
  | 'feedTags'
  | 'deskSubmit'
  | 'definition'
  | 'anchor'

/**
 * What a command is given when it runs: the episode screen as it is at that moment. Commands read it
 * and act through it; none holds a closure over an earlier render.
 */
export interface EditorContext {
  id: string
  view: EpisodeView
  selection: Selection
  select: (selection: Selection) => void
  playback: Playback
  /** The one path every change of the episode takes. */
  edit: Edit
  /** A line under the toolbar; null takes it away. */
  notify: (notice: string | null) => void
  reportError: (message: string) => void
  review: ReviewFlow
  /** Shows a chapter's machine scores while scoring blind, for the rest of the session. */
  reveal: (chapterId: string) => void
  /** Where `[` marked a new statement to start, until `]` makes it (or Escape drops it). */
  pendingStart: number | null
  setPendingStart: (at: number | null) => void
  waveform: React.RefObject<WaveformController | null>
  transcript: React.RefObject<TranscriptPanelHandle | null>
  open: (dialog: EditorDialog) => void
  exportAs: (choice: ExportChoice) => void
  importTranscript: () => void
  /** Moves the selected statement's or chapter's nearer edge by `seconds`; a run of presses is one edit. */
  nudge: (seconds: number) => void
  /** Where an edge set from the playhead may go: the transcript's word boundaries. */
  snap: SnapTargets
  showTab: (tab: EditorTabId | ((shown: EditorTabId) => EditorTabId)) => void
  /** How many analyses of this episode the library holds (itself included); 0 until known. */
  analyses: number
  /** After A or X, the next item plays by itself. */
  autoPlay: boolean
  setAutoPlay: (on: boolean) => void
  /** This analysis as one of one's desk assignments (Submit to the desk); null when it is not one. */
  assignment: QueueItem | null
}
