import { useCallback, useEffect, useRef } from 'react'
import type { EpisodeView } from '../../../shared/contract'
import { roundMillis } from '../../../shared/time'
import type { Edit, Selection } from './editorPanelProps'
import { useScope, type Held } from '../scope'

/** A run of nudges ends when no press follows for this long; the run is then one edit. */
export const NUDGE_RUN_MS = 450

interface NudgeRun {
  kind: 'statement' | 'chapter'
  id: string
  edge: 'start' | 'end'
  at: number
}

/** The selected item's edge a nudge moves: the one nearer the playhead (a chapter's inner boundaries only). */
function edgeToNudge(view: EpisodeView, selection: Selection, playhead: number): NudgeRun | null {
  if (selection?.kind === 'statement') {
    const s = view.statements.find((x) => x.id === selection.id)
    if (!s) return null
    const edge = Math.abs(playhead - s.start) <= Math.abs(playhead - s.end) ? 'start' : 'end'
    return { kind: 'statement', id: s.id, edge, at: s[edge] }
  }
  if (selection?.kind === 'chapter') {
    const c = view.chapters.find((x) => x.id === selection.id)
    if (!c) return null
    const last = Math.max(...view.chapters.map((x) => x.end))
    const canStart = c.start > 0
    const canEnd = c.end < last
    if (!canStart && !canEnd) return null
    const edge =
      canStart && (!canEnd || Math.abs(playhead - c.start) <= Math.abs(playhead - c.end)) ? 'start' : 'end'
    return { kind: 'chapter', id: c.id, edge, at: c[edge] }
  }
  return null
}

/**
 * Alt+Left/Right: moves the selected edge in steps while the key is pressed or repeats; the whole run
 * is written as one edit (one undo step) once the presses stop. The playhead follows the edge, so the
 * editor sees and hears where it is.
 */
export function useNudge(
  id: string,
  view: EpisodeView | null,
  selection: Selection,
  edit: Edit,
  now: () => number,
  seek?: (seconds: number) => void,
): (seconds: number) => void {
  const run = useRef<NudgeRun | null>(null)
  // Held for the component's life: an unmount drops a run not yet written, as it always has.
  const scope = useScope()
  const timer = useRef<Held | null>(null)
  const latest = useRef({ view, selection, edit, now, seek })
  useEffect(() => {
    latest.current = { view, selection, edit, now, seek }
  })
  const commit = useCallback(() => {
    const done = run.current
    run.current = null
    if (!done) return
    const { edit: write } = latest.current
    if (done.kind === 'statement')
      void write('statements.update', { id, statementId: done.id, patch: { [done.edge]: done.at } })
    else void write('chapters.moveBoundary', { id, chapterId: done.id, edge: done.edge, at: done.at })
  }, [id])
  return useCallback(
    (seconds: number) => {
      const { view: current, selection: selected, now: playhead, seek: go } = latest.current
      if (!current) return
      const started = run.current ?? edgeToNudge(current, selected, playhead())
      if (!started) return
      const duration = current.summary.durationSeconds
      run.current = { ...started, at: roundMillis(Math.min(Math.max(0, started.at + seconds), duration)) }
      go?.(run.current.at)
      timer.current?.cancel()
      timer.current = scope.timeout(commit, NUDGE_RUN_MS)
    },
    [commit, scope],
  )
}
