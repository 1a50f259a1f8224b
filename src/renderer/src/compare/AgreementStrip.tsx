import { useState } from 'react'
import type { AnalysisOrigin } from '../../../shared/agreement'
import { formatClock } from '../../../shared/time'
import { DISAGREEMENT, shareOf } from './agreementReading'
import { moveAmongUnits } from './unitKeys'

export interface StripUnit {
  start: number
  end: number
  /** How far apart the analyses are here; null where fewer than two rated it. */
  spread: number | null
}

/**
 * One analysis's scores of one dimension along the timeline: a unit per button, as wide as it lasts,
 * filled as high as its score; empty where the analysis has no score there. A unit the analyses
 * disagree on is marked. Arrow keys move between units (and strips); Enter or a click opens the
 * analysis at the unit's start.
 */
export function AgreementStrip(props: {
  name: string
  origin: AnalysisOrigin
  dimension: string
  units: readonly StripUnit[]
  values: readonly (number | null)[]
  scale: { min: number; max: number }
  onOpen: (start: number) => void
}): React.JSX.Element {
  const { name, units, values, scale } = props
  // One tab stop per strip: the unit last visited.
  const [active, setActive] = useState(0)
  return (
    <div className="agreement-strip">
      <span className="strip-name">
        {name} <span className={`badge origin-${props.origin}`}>{props.origin}</span>
      </span>
      <div
        className="agreement-units"
        role="group"
        aria-label={`${name}: ${props.dimension} along the timeline`}
        onKeyDown={moveAmongUnits}
      >
        {units.map((unit, u) => {
          const value = values[u] ?? null
          const differs = unit.spread !== null && unit.spread >= DISAGREEMENT
          const said = `${name}, ${formatClock(unit.start)}–${formatClock(unit.end)}: ${
            value === null ? 'no score' : value
          }${differs ? `; the analyses differ by ${unit.spread} here` : ''}`
          return (
            <button
              key={unit.start}
              type="button"
              data-unit={u}
              className={`agreement-unit${value === null ? ' missing' : ''}${differs ? ' differs' : ''}`}
              style={{ flexGrow: unit.end - unit.start }}
              tabIndex={u === active ? 0 : -1}
              aria-label={said}
              title={`${said}. Open ${name} here`}
              onFocus={() => setActive(u)}
              onClick={() => props.onOpen(unit.start)}
            >
              {value !== null && (
                <>
                  <span className="fill" style={{ height: `${shareOf(value, scale) * 100}%` }} />
                  <span className="value">{value}</span>
                </>
              )}
            </button>
          )
        })}
      </div>
    </div>
  )
}
