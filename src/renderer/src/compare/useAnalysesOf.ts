import { useEffect, useState } from 'react'
import type { LibraryAnalysis } from '../../../shared/agreement'
import { call } from '../platform'
import { useDeskArrivals } from '../desk/deskStatus'

/**
 * The library's analyses of the episode `id` is one of (itself included): null until the core answers,
 * and empty when it cannot say, which leaves comparing off rather than the screen in an error.
 */
export function useAnalysesOf(id: string, onError?: (message: string) => void): LibraryAnalysis[] | null {
  const [analyses, setAnalyses] = useState<LibraryAnalysis[] | null>(null)
  // Read again when the desk brings other people's work, without a reload.
  const arrivals = useDeskArrivals()
  useEffect(() => {
    let live = true
    call('episodes.analysesOf', { id }).then(
      (found) => live && setAnalyses(found),
      (e: Error) => {
        if (!live) return
        setAnalyses([])
        onError?.(e.message)
      },
    )
    return () => {
      live = false
    }
  }, [id, onError, arrivals])
  return analyses
}
