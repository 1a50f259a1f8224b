import type { StatementView } from '../../../../shared/contract'
import { formatPreciseClock } from '../../../../shared/preciseTime'
import { WaveformTooltip } from './WaveformTooltip'

/** The hovered statement's title and quote, above its band: what the published page shows on hover. */
export function StatementTooltip(props: { statement: StatementView; left: number }): React.JSX.Element {
  const { statement, left } = props
  return (
    <WaveformTooltip className="statement-tooltip" left={left}>
      <b>{statement.title || 'Untitled statement'}</b>{' '}
      <span className="times">
        {formatPreciseClock(statement.start)}–{formatPreciseClock(statement.end)}
      </span>
      {statement.quote && <q>{statement.quote}</q>}
    </WaveformTooltip>
  )
}
