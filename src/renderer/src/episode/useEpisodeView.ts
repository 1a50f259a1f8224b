import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import {
  answersWithView,
  type EpisodeView,
  type MethodName,
  type RequestOf,
  type ResponseOf,
} from '../../../shared/contract'
import { afterNextFrame } from '../afterNextFrame'
import { call, refusalCode } from '../platform'
import { blindView } from '../../../shared/blindView'
import type { Edit } from './editorPanelProps'
import { refusalInWords } from './refusalInWords'
import { LEFT_FINAL_NOTICE, leftFinal } from './ReviewStatusBadge'
import { optimisticPatch } from './optimisticPatch'
import { answered, EMPTY, received, refused, sent, type OptimisticView } from './optimisticView'

export interface EpisodeViewState {
  /** The episode as the reviewer may see it: while scoring blind, the machine's unrated scores left out. */
  view: EpisodeView | null
  /** Shows the machine's scores of a chapter while scoring blind. */
  reveal: (chapterId: string) => void
  /** For a view that came other than as an edit's answer (the media went missing). */
  setView: (view: EpisodeView) => void
  error: string | null
  reportError: (message: string) => void
  /** The editor has read the error and closed it. */
  dismissError: () => void
  notice: string | null
  /** The notice says something to read again or act on (a warning, a file's name): it does not fade. */
  noticeStays: boolean
  setNotice: (notice: string | null, options?: { stays?: boolean }) => void
  /** Every change of the episode goes through here: one call, its view shown, its refusal said in words. */
  edit: Edit
  /**
   * Counts refused edits: fields keyed by it go back to the saved value, since a refused edit leaves
   * the view (and so the fields' saved values) as they were.
   */
  refusals: number
  /** An edit of another person's analysis pulled from the desk was refused: offer a copy of one's own. */
  pulled: boolean
  dismissPulled: () => void
}

/**
 * The episode as the core last answered it with the edits not yet answered laid over it
 * (optimisticView.ts), and the one path every edit takes.
 */
export function useEpisodeView(id: string): EpisodeViewState {
  const [view, setShownView] = useState<EpisodeView | null>(null)
  // The core's view and the edits on their way: changed outside render, by calls and their answers.
  const state = useRef<OptimisticView>(EMPTY)
  const sentCount = useRef(0)
  // An answer to an edit already shown is drawn once the next frame is done: it changes only what
  // derives from the edit (a mean, the problems, Undo's label), so it never delays the frame that shows it.
  const confirming = useRef(false)
  const update = useCallback((change: (s: OptimisticView) => OptimisticView, afterFrame = false) => {
    state.current = change(state.current)
    if (!afterFrame) return setShownView(state.current.shown)
    if (confirming.current) return
    confirming.current = true
    afterNextFrame(() => {
      confirming.current = false
      setShownView(state.current.shown)
    })
  }, [])
  const setView = useCallback((next: EpisodeView) => update((s) => received(s, next)), [update])
  const [error, setError] = useState<string | null>(null)
  const [noticeState, setNoticeState] = useState<{ text: string; stays: boolean } | null>(null)
  const setNotice = useCallback(
    (text: string | null, options?: { stays?: boolean }) =>
      setNoticeState(text === null ? null : { text, stays: options?.stays ?? false }),
    [],
  )
  const [refusals, setRefusals] = useState(0)
  const [pulled, setPulled] = useState(false)
  const dismissPulled = useCallback(() => setPulled(false), [])
  // Revealed chapters are kept for the screen's life only: a reveal is a glance, not a choice the
  // analysis records (it keeps `review.blind`), and the scores rated meanwhile stay shown anyway.
  const [revealed, setRevealed] = useState<ReadonlySet<string>>(() => new Set())
  const reveal = useCallback((chapterId: string) => setRevealed((r) => new Set(r).add(chapterId)), [])
  const seen = useMemo(() => view && blindView(view, revealed), [view, revealed])
  useEffect(() => {
    call('episodes.open', { id }).then(setView, (e: Error) => setError(e.message))
  }, [id, setView])
  const reportError = useCallback((message: string) => setError(message), [])
  const dismissError = useCallback(() => setError(null), [])
  const edit: Edit = useCallback(
    async <K extends MethodName>(
      method: K,
      request: RequestOf<K>,
      options?: { onRefused?: (message: string) => void },
    ) => {
      // Shown in the frame after the key, when the window knows what the edit does: the core's answer
      // (or its refusal) then replaces it.
      const seq = ++sentCount.current
      const patch = optimisticPatch(method, request)
      if (patch) update((s) => sent(s, seq, patch))
      try {
        const result: ResponseOf<K> = await call(method, request)
        // The contract says which replies carry the view: nothing is guessed from a reply's keys.
        if (answersWithView(method)) {
          const next = (result as { view: EpisodeView }).view
          // The first edit of a published episode says, once, that it is no longer final (undoing a
          // Publish is no news).
          if (
            !method.startsWith('history.') &&
            leftFinal(state.current.confirmed?.summary.reviewStatus, next.summary.reviewStatus)
          )
            setNoticeState({ text: LEFT_FINAL_NOTICE, stays: true })
          update((s) => answered(s, seq, next), patch !== null)
        } else if (patch) update((s) => answered(s, seq, null), true)
        setError(null)
        return result
      } catch (e) {
        // The edit drops out of what is shown: the screen goes back to the core's view.
        if (patch) update((s) => refused(s, seq))
        setRefusals((n) => n + 1)
        if (refusalCode(e) === 'pulled-analysis') setPulled(true)
        else if (options?.onRefused) options.onRefused((e as Error).message)
        else setError(refusalInWords((e as Error).message))
        return null
      }
    },
    [update],
  )
  return {
    view: seen,
    reveal,
    setView,
    error,
    reportError,
    dismissError,
    notice: noticeState?.text ?? null,
    noticeStays: noticeState?.stays ?? false,
    setNotice,
    edit,
    refusals,
    pulled,
    dismissPulled,
  }
}
