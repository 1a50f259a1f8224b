import { useEffect, useMemo, useState } from 'react'
import type { AgreementDetail, LibraryAnalysis } from '../../../shared/agreement'
import { MAX_COMPARED } from '../../../shared/contract'
import { call } from '../platform'
import { useAnalysesOf } from './useAnalysesOf'
import { useDeskArrivals } from '../desk/deskStatus'

export interface AgreementState {
  /** The episode's analyses in the library; null until the core answers. */
  analyses: LibraryAnalysis[] | null
  /** The ids ticked to compare, in the library's order. */
  chosen: string[]
  toggle: (id: string) => void
  /** The agreement of the analyses chosen; null while fewer than two are, or until it is measured. */
  detail: AgreementDetail | null
  error: string | null
  showError: (message: string) => void
  dismissError: () => void
}

/** The analyses of the episode, which of them are compared (all at first), and how far they agree. */
export function useAgreement(id: string): AgreementState {
  const [error, setError] = useState<string | null>(null)
  const analyses = useAnalysesOf(id, setError)
  // Null until the editor changes it: every analysis (as many as one comparison takes).
  const [ticked, setTicked] = useState<string[] | null>(null)
  const chosen = useMemo(
    () =>
      ticked === null
        ? (analyses ?? []).slice(0, MAX_COMPARED).map((a) => a.id)
        : (analyses ?? []).filter((a) => ticked.includes(a.id)).map((a) => a.id),
    [analyses, ticked],
  )
  const [measured, setMeasured] = useState<AgreementDetail | null>(null)
  // By value: a new list with the same ids is the same comparison.
  const key = chosen.join('\n')
  // An analysis the desk brought again is measured again.
  const arrivals = useDeskArrivals()
  useEffect(() => {
    const ids = key === '' ? [] : key.split('\n')
    if (ids.length < 2) return
    let live = true
    call('episodes.agreement', { ids }).then(
      (detail) => live && setMeasured(detail),
      (e: Error) => live && setError(e.message),
    )
    return () => {
      live = false
    }
  }, [key, arrivals])
  return {
    analyses,
    chosen,
    toggle: (analysis) =>
      setTicked(chosen.includes(analysis) ? chosen.filter((c) => c !== analysis) : [...chosen, analysis]),
    // The last measure stays drawn until the next replaces it, so the screen does not jump at a tick.
    detail: chosen.length < 2 ? null : measured,
    error,
    showError: setError,
    dismissError: () => setError(null),
  }
}
