import { useCallback, useEffect, useState } from 'react'
import type { CountedChoice } from '../../../shared/analyses'
import type { ShowTrends } from '../../../shared/contract'
import { call } from '../platform'
import { useDeskArrivals } from '../desk/deskStatus'

export type ShowTrendsState =
  { kind: 'loading' } | { kind: 'ready'; trends: ShowTrends } | { kind: 'failed'; message: string }

/**
 * The show's trends from the core, asked once; a refusal (no such show) is kept to say. The screen is
 * made anew for another show (keyed by its name), so it starts loading again. `choose` keeps the show's
 * choice of the analysis each episode counts through and shows the page as it then reads.
 */
export function useShowTrends(show: string): {
  state: ShowTrendsState
  choose: (choice: CountedChoice) => void
} {
  const [state, setState] = useState<ShowTrendsState>({ kind: 'loading' })
  // Read again when the desk brings other people's work, without a reload.
  const arrivals = useDeskArrivals()
  useEffect(() => {
    let live = true
    call('library.showTrends', { show }).then(
      (trends) => live && setState({ kind: 'ready', trends }),
      (e: Error) => live && setState({ kind: 'failed', message: e.message }),
    )
    return () => {
      live = false
    }
  }, [show, arrivals])
  const choose = useCallback(
    (choice: CountedChoice) => {
      call('library.setCountedAnalysis', { show, choice }).then(
        (trends) => setState({ kind: 'ready', trends }),
        (e: Error) => setState({ kind: 'failed', message: e.message }),
      )
    },
    [show],
  )
  return { state, choose }
}
