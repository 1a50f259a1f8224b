import type { StatementView } from '../../../../shared/contract'
import { formatPreciseClock } from '../../../../shared/preciseTime'

/** The hovered statement's title and quote, above its band: what the published page shows on hover. */
export function StatementTooltip(props: { statement: StatementView; left: number }): React.JSX.Element {
  const { statement, left } = props
  return (
    <div
      className="statement-tooltip"
      role="tooltip"
      // Kept inside the waveform: the CSS clamps it against the right edge.
      style={{ '--left': `${Math.max(0, left)}px` } as React.CSSProperties}
    >
      <b>{statement.title || 'Untitled statement'}</b>{' '}
      <span className="times">
        {formatPreciseClock(statement.start)}–{formatPreciseClock(statement.end)}
      </span>
      {statement.quote && <q>{statement.quote}</q>}
    </div>
  )
}
