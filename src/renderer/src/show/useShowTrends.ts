import { useEffect, useState } from 'react'
import type { ShowTrends } from '../../../shared/contract'
import { call } from '../platform'

export type ShowTrendsState =
  { kind: 'loading' } | { kind: 'ready'; trends: ShowTrends } | { kind: 'failed'; message: string }

/**
 * The show's trends from the core, asked once; a refusal (no such show) is kept to say. The screen is
 * made anew for another show (keyed by its name), so it starts loading again.
 */
export function useShowTrends(show: string): ShowTrendsState {
  const [state, setState] = useState<ShowTrendsState>({ kind: 'loading' })
  useEffect(() => {
    let live = true
    call('library.showTrends', { show }).then(
      (trends) => live && setState({ kind: 'ready', trends }),
      (e: Error) => live && setState({ kind: 'failed', message: e.message }),
    )
    return () => {
      live = false
    }
  }, [show])
  return state
}
