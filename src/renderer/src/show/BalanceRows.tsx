import type { ShowTrendEpisode } from '../../../shared/contract'
import { roleShares } from './trendLayout'

const ROLES = [
  { role: 'host', label: 'hosts' },
  { role: 'guest', label: 'guests' },
  { role: 'other', label: 'others' },
] as const

/**
 * Who speaks in each episode: one bar per episode, hosts then guests then anyone else, as shares of the
 * speech (so a short episode reads as clearly as a long one), the percentages written beside it. A row
 * opens its episode.
 */
export function BalanceRows(props: {
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
