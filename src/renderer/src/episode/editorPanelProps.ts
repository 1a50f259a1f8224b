import type { Playback } from './playback/usePlayback'
import type { EpisodeView, MethodName, RequestOf, ResponseOf } from '../../../shared/contract'

/** What the editor has selected: the waveform, the tables and the problems panel share it. */
export type Selection =
  | { kind: 'statement'; id: string }
  | { kind: 'chapter'; id: string }
  | { kind: 'highlight'; id: string }
  | null

/**
 * Runs one edit through the contract; the screen shows its new view. Resolves null when it was refused,
 * which the screen reports in words unless `onRefused` takes the refusal.
 */
export type Edit = <K extends MethodName>(
  method: K,
  request: RequestOf<K>,
  options?: { onRefused?: (message: string) => void },
) => Promise<ResponseOf<K> | null>

/** What every editor panel gets from the episode screen. */
export interface EditorPanelProps {
  episodeId: string
  view: EpisodeView
  time: number
  seek: (seconds: number) => void
  edit: Edit
  selection: Selection
  select: (selection: Selection) => void
  /** Counts refused edits; a field keyed by it returns to the saved value after a refusal. */
  refusals: number
  /** Plays a stretch once (a citation's moment). */
  playSpan: Playback['playSpan']
}
