import { scoreDifference } from '../../../../shared/blindView'
import type { ScoreView } from '../../../../shared/contract'

/**
 * The machine's side of a score on the review card. Scoring blind, it stays a placeholder until the
 * reviewer has scored the cell (or revealed the chapter), and then says how far apart the two are.
 */
export function MachineScore(props: {
  machine: ScoreView | undefined
  own: number | null
  hidden: boolean
  marksDifference: boolean
}): React.JSX.Element {
  const { machine, own } = props
  if (props.hidden)
    return (
      <td className="machine hidden-score" title="Scoring blind: the machine’s score shows once you score">
        hidden until you score
      </td>
    )
  const difference =
    props.marksDifference && own !== null && machine?.value != null
      ? scoreDifference(own, machine.value)
      : null
  return (
    <td className="machine" title={machine?.reasoning || undefined}>
      <b>{machine?.value ?? '—'}</b>{' '}
      {difference !== null && (
        <span className="score-difference" title="Your score against the machine’s">
          {`you ${own} · ${difference}`}
        </span>
      )}{' '}
      {machine?.reasoning}
    </td>
  )
}
