import type { EpisodeView, MethodName, RequestOf, ResponseOf } from '../../../shared/contract'

/** What the editor has selected: the waveform, the tables and the problems panel share it. */
export type Selection =
  | { kind: 'statement'; id: string }
  | { kind: 'chapter'; id: string }
  | { kind: 'highlight'; id: string }
  | null

/** Runs one edit through the contract; the screen shows its new view. Resolves null when it failed. */
export type Edit = <K extends MethodName>(method: K, request: RequestOf<K>) => Promise<ResponseOf<K> | null>

/** What every editor panel gets from the episode screen. */
export interface EditorPanelProps {
  episodeId: string
  view: EpisodeView
  time: number
  seek: (seconds: number) => void
  edit: Edit
  selection: Selection
  select: (selection: Selection) => void
}

/** The view an edit's answer carries, whether it is the view itself or wraps it. */
export function viewOf(result: unknown): EpisodeView | null {
  if (typeof result !== 'object' || result === null) return null
  if ('summary' in result && 'history' in result) return result as EpisodeView
  if ('view' in result) return viewOf((result as { view: unknown }).view)
  return null
}
