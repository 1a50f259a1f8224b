import type { BoardEpisode } from '../../../shared/contract/deskWork'
import { alphaReading } from '../compare/agreementReading'
import { personName } from './deskWords'
import { STATE_WORDS } from './workWords'

/** The episode's reviewers, each with the state of their work; one removed from the desk flagged. */
function Reviewers({ episode }: { episode: BoardEpisode }): React.JSX.Element {
  return (
    <ul className="board-list">
      {episode.reviewers.map((r) => (
        <li key={r.reviewer}>
          {personName(r.reviewer)}:{' '}
          <span className={`work-state state-${r.state}`}>{STATE_WORDS[r.state]}</span>
          {r.removed && <span className="work-mark removed">removed from the desk</span>}
        </li>
      ))}
    </ul>
  )
}

/** Alpha per dimension with Krippendorff's band in its colour (as the compare screen reads it). */
function Agreement(props: { episode: BoardEpisode; labels: ReadonlyMap<string, string> }): React.JSX.Element {
  const { episode, labels } = props
  const submitted = episode.reviewers.filter((r) => r.state !== 'assigned' && r.state !== 'started').length
  if (episode.agreement === null)
    return (
      <span className="hint">
        {submitted === 0 ? 'nothing submitted yet' : `${submitted} submitted: waits for a second`}
      </span>
    )
  return (
    <ul className="board-list">
      {episode.agreement.map((d) => {
        const reading = alphaReading(d.alpha)
        return (
          <li key={d.dimension}>
            {labels.get(d.dimension) ?? d.dimension}: <b>{reading.value}</b>{' '}
            <span className={reading.band ? `band band-${reading.band}` : 'hint'}>
              {reading.band ? reading.words : 'not measurable'}
            </span>
          </li>
        )
      })}
    </ul>
  )
}

/** A chosen analysis named as the board names its people: a reviewer's, else by its id. */
function chosenName(episode: BoardEpisode, id: string | null, none: string): string {
  if (id === null) return none
  const reviewer = episode.reviewers.find((r) => r.analysis === id)?.reviewer
  return reviewer ? `${personName(reviewer)}’s` : id
}

/**
 * One episode on the board: its reviewers and states, the agreement of what they submitted, the
 * consensus and reference chosen, and what the lead does from here (compare, choose).
 */
export function BoardRow(props: {
  episode: BoardEpisode
  /** This library's id for one of its analyses (compare opens there); null when none is here yet. */
  here: string | null
  /** The dimensions' labels by key (the library's); a key without one is shown as it is. */
  labels: ReadonlyMap<string, string>
  onCompare: (id: string) => void
  onChoose: (episode: BoardEpisode) => void
}): React.JSX.Element {
  const { episode, here } = props
  const title = episode.title ?? episode.episode
  return (
    <tr>
      <th scope="row">
        {title}
        {episode.show && <div className="hint">{episode.show}</div>}
      </th>
      <td>
        <Reviewers episode={episode} />
      </td>
      <td>
        <Agreement episode={episode} labels={props.labels} />
      </td>
      <td>
        <dl className="board-chosen">
          <dt>Consensus</dt>
          <dd>{chosenName(episode, episode.consensus, 'none yet')}</dd>
          <dt>Reference</dt>
          <dd>{chosenName(episode, episode.reference, 'none')}</dd>
        </dl>
      </td>
      <td className="board-actions">
        <button
          type="button"
          disabled={here === null}
          title={
            here === null
              ? 'None of its analyses is in this library yet: the next sync brings them'
              : undefined
          }
          aria-label={`Compare the analyses of “${title}”`}
          onClick={() => here !== null && props.onCompare(here)}
        >
          Compare…
        </button>
        <button
          type="button"
          disabled={here === null}
          aria-label={`Consensus and reference of “${title}”`}
          onClick={() => props.onChoose(episode)}
        >
          Consensus and reference…
        </button>
      </td>
    </tr>
  )
}
