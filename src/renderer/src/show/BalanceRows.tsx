import { useState } from 'react'
import type { ShowTrendEpisode } from '../../../shared/contract'
import { grouped } from '../../../shared/textLimits'
import { roleShares } from './trendLayout'

/** The newest episodes shown until all are asked for: 10,000 rows took seconds to lay out, unseen. */
export const BALANCE_ROWS_SHOWN = 100

const ROLES = [
  { role: 'host', label: 'hosts' },
  { role: 'guest', label: 'guests' },
  { role: 'other', label: 'others' },
] as const

/**
 * Who speaks in each episode: one bar per episode, hosts then guests then anyone else, as shares of the
 * speech (so a short episode reads as clearly as a long one), the percentages written beside it. A row
 * opens its episode. Past BALANCE_ROWS_SHOWN episodes, the newest until all are asked for.
 */
export function BalanceRows(props: {
  episodes: readonly ShowTrendEpisode[]
  onOpen: (id: string) => void
}): React.JSX.Element {
  const [all, setAll] = useState(false)
  const { episodes } = props
  const shown = all ? episodes : episodes.slice(-BALANCE_ROWS_SHOWN)
  return (
    <>
      {shown.length < episodes.length && (
        <p className="hint">
          The newest {grouped(shown.length)} of {grouped(episodes.length)} episodes.{' '}
          <button type="button" className="link" onClick={() => setAll(true)}>
            Show all {grouped(episodes.length)}
          </button>
        </p>
      )}
      <BalanceList episodes={shown} onOpen={props.onOpen} />
    </>
  )
}

function BalanceList(props: {
  episodes: readonly ShowTrendEpisode[]
  onOpen: (id: string) => void
}): React.JSX.Element {
  return (
    <ol className="balance-rows">
      {props.episodes.map((e) => {
        const shares = roleShares(e.speaking)
        const said = shares
          ? ROLES.map((r) => `${r.label} ${shares[r.role]}%`).join(' · ')
          : 'no speaker known'
        return (
          <li key={e.id}>
            <button type="button" data-episode={e.id} onClick={() => props.onOpen(e.id)}>
              <span className="balance-title">
                {e.title || e.id} <span className="hint">{e.date}</span>
              </span>
              <span className="balance-bar" aria-hidden="true">
                {shares &&
                  ROLES.map((r) =>
                    shares[r.role] > 0 ? (
                      <i key={r.role} className={`share-${r.role}`} style={{ width: `${shares[r.role]}%` }} />
                    ) : null,
                  )}
              </span>
              <span className="balance-text">{said}</span>
            </button>
          </li>
        )
      })}
    </ol>
  )
}
