import { useId, useState } from 'react'
import type { DriftReport } from '../../../shared/contract/deskWork'
import { dimensionColor } from '../episode/charts/chartColors'
import { signed } from '../desk/workWords'
import { monthly, monthsOf, reach, whoName } from './driftFigures'

const WIDTH = 720
const HEIGHT = 200
const PAD = { left: 44, right: 12, top: 12, bottom: 28 }

/**
 * The lean per month on one dimension (chosen above the chart), one line per person in their colour
 * around the 0 line, so that a reviewer (or the machine) drifting over the season shows as a slope.
 * The figures are the table's; the chart only draws them.
 */
export function DriftMonths(props: {
  report: DriftReport
  label: (key: string) => string
}): React.JSX.Element {
  const { report, label } = props
  const [chosen, setChosen] = useState(report.dimensions[0] ?? '')
  const selectId = useId()
  const dimension = report.dimensions.includes(chosen) ? chosen : (report.dimensions[0] ?? '')
  const months = monthsOf(report)
  if (months.length === 0 || dimension === '') return <p className="hint">No month is scored yet.</p>
  const top = reach(report, dimension)
  const band = (WIDTH - PAD.left - PAD.right) / months.length
  const x = (i: number): number => PAD.left + band * (i + 0.5)
  const y = (v: number): number => PAD.top + ((top - v) / (2 * top)) * (HEIGHT - PAD.top - PAD.bottom)
  const lines = report.people.map((who, index) => ({ who, index, points: monthly(report, who, dimension) }))
  return (
    <div className="drift-months">
      <label htmlFor={selectId}>Per month, on </label>
      <select id={selectId} value={dimension} onChange={(e) => setChosen(e.target.value)}>
        {report.dimensions.map((d) => (
          <option key={d} value={d}>
            {label(d)}
          </option>
        ))}
      </select>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`Lean on ${label(dimension)} per month, ${months[0]} to ${months[months.length - 1]}`}
      >
        {[top, 0, -top].map((t) => (
          <g key={t} className={t === 0 ? 'tick zero' : 'tick'}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(t)} y2={y(t)} />
            <text x={PAD.left - 6} y={y(t)} textAnchor="end" dominantBaseline="middle">
              {signed(t, 1)}
            </text>
          </g>
        ))}
        {months.map((m, i) => (
          <text key={m} className="date-label" x={x(i)} y={HEIGHT - 8} textAnchor="middle">
            {m}
          </text>
        ))}
        {lines.map(({ who, index, points }) => {
          const drawn = months.flatMap((m, i) => {
            const v = points.get(m)
            return v === undefined ? [] : [{ m, x: x(i), y: y(v), v }]
          })
          const colour = dimensionColor(index)
          return (
            <g key={who} stroke={colour} fill={colour} data-who={who}>
              {drawn.length > 1 && (
                <polyline fill="none" points={drawn.map((p) => `${p.x},${p.y}`).join(' ')} />
              )}
              {drawn.map((p) => (
                <circle key={p.m} cx={p.x} cy={p.y} r={4}>
                  <title>{`${whoName(who)}, ${p.m}: ${signed(p.v)}`}</title>
                </circle>
              ))}
            </g>
          )
        })}
      </svg>
      <ul className="chart-legend" aria-label="People">
        {lines.map(({ who, index, points }) => (
          <li key={who}>
            <i className="swatch" style={{ background: dimensionColor(index) }} aria-hidden="true" />
            {whoName(who)}
            {points.size === 0 && <span className="hint"> (no month scored)</span>}
          </li>
        ))}
      </ul>
    </div>
  )
}
