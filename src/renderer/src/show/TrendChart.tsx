import { useId, useState } from 'react'
import type { ShowTrends } from '../../../shared/contract'
import { labelEvery, scaleTicks } from '../../../shared/scoreChart'
import { dimensionColor } from '../episode/charts/chartColors'
import { pointLabel, trendSeries, type TrendPoint } from './trendLayout'
import { usePointReasoning } from './usePointReasoning'

const WIDTH = 720
const HEIGHT = 260
const PAD = { left: 34, right: 12, top: 12, bottom: 30 }
const PLOT_W = WIDTH - PAD.left - PAD.right
const PLOT_H = HEIGHT - PAD.top - PAD.bottom
// Dimensions with one average for an episode would hide each other: each sits a little to one side.
const SPREAD = 4

interface Active {
  key: string
  index: number
}

/**
 * Each episode's average per dimension over time, one line per dimension: a point is an episode (hover
 * or focus it for its reasoning; a click or Enter opens the episode). Episodes stand in date order at
 * even steps, so a show published in bursts still reads episode by episode.
 */
export function TrendChart(props: { trends: ShowTrends; onOpen: (id: string) => void }): React.JSX.Element {
  const { trends, onOpen } = props
  const [active, setActive] = useState<Active | null>(null)
  const tooltipId = useId()
  const series = trendSeries(trends)
  const { min, max } = trends.scale
  const count = trends.episodes.length
  const band = PLOT_W / Math.max(1, count)
  const x = (index: number, seriesIndex: number): number =>
    PAD.left + band * (index + 0.5) + (seriesIndex - (series.length - 1) / 2) * Math.min(SPREAD, band / 8)
  const y = (value: number): number => PAD.top + PLOT_H * (1 - (value - min) / Math.max(1, max - min))
  const every = labelEvery(count, 8)

  const activeSeries = series.findIndex((s) => s.key === active?.key)
  const activePoint = series[activeSeries]?.points.find((p) => p.index === active?.index)
  const reasoning = usePointReasoning(
    activePoint && active ? { episodeId: activePoint.episode.id, dimension: active.key } : null,
  )
  // Kept inside the chart: a point at an edge would push a centred tooltip out of the page.
  const tooltipLeft = activePoint
    ? Math.min(80, Math.max(20, (x(activePoint.index, activeSeries) / WIDTH) * 100))
    : 0
  const tooltipBelow = activePoint !== undefined && y(activePoint.value) < HEIGHT * 0.4

  const pointProps = (p: TrendPoint, key: string, label: string): React.SVGProps<SVGCircleElement> => {
    const isActive = active?.key === key && active.index === p.index
    const show = (): void => setActive({ key, index: p.index })
    // Only this point's own tooltip: moving from one point to the next must not hide the next one's.
    const hide = (): void => setActive((a) => (a?.key === key && a.index === p.index ? null : a))
    return {
      tabIndex: 0,
      role: 'button',
      'aria-label': pointLabel(p, label),
      'aria-describedby': isActive ? tooltipId : undefined,
      onMouseEnter: show,
      onFocus: show,
      onMouseLeave: hide,
      onBlur: hide,
      onClick: () => onOpen(p.episode.id),
      onKeyDown: (e) => {
        if (e.key !== 'Enter' && e.key !== ' ') return
        e.preventDefault()
        onOpen(p.episode.id)
      },
    }
  }

  return (
    <div className="score-chart trend-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="group" aria-label="Average score per episode, over time">
        {scaleTicks(min, max).map((t) => (
          <g key={t} className="tick">
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(t)} y2={y(t)} />
            <text x={PAD.left - 6} y={y(t)} textAnchor="end" dominantBaseline="middle">
              {t}
            </text>
          </g>
        ))}
        {trends.episodes.map((e, i) =>
          i % every === 0 ? (
            <text
              key={e.id}
              className="date-label"
              x={x(i, (series.length - 1) / 2)}
              y={HEIGHT - 10}
              textAnchor="middle"
            >
              {e.date}
            </text>
          ) : null,
        )}
        {series.map((s, si) => (
          <g
            key={s.key}
            className="series"
            data-dimension={s.key}
            stroke={dimensionColor(si)}
            fill={dimensionColor(si)}
          >
            {s.points.length > 1 && (
              <polyline
                fill="none"
                points={s.points.map((p) => `${x(p.index, si)},${y(p.value)}`).join(' ')}
              />
            )}
            {s.points.map((p) => (
              <circle
                key={p.episode.id}
                className="score-point"
                data-episode={p.episode.id}
                cx={x(p.index, si)}
                cy={y(p.value)}
                r={5}
                {...pointProps(p, s.key, s.label)}
              />
            ))}
          </g>
        ))}
      </svg>
      {activePoint && (
        <div
          id={tooltipId}
          role="tooltip"
          className={tooltipBelow ? 'chart-tooltip below' : 'chart-tooltip'}
          style={{ left: `${tooltipLeft}%`, top: `${(y(activePoint.value) / HEIGHT) * 100}%` }}
        >
          <b>{activePoint.episode.title || activePoint.episode.id}</b>{' '}
          <span className="hint">{activePoint.episode.date}</span>
          <div>
            {series[activeSeries]?.label}: <b>{activePoint.value.toFixed(1)}</b> / {max}
          </div>
          <p className={reasoning ? 'reasoning' : 'reasoning hint'}>
            {reasoning ?? 'Reading the reasoning…'}
            {reasoning === '' && 'No reasoning given for these scores.'}
          </p>
        </div>
      )}
      <ul className="chart-legend" aria-label="Dimensions">
        {series.map((s, si) => (
          <li key={s.key}>
            <i className="swatch" style={{ background: dimensionColor(si) }} aria-hidden="true" />
            {s.label}
            {s.points.length === 0 && <span className="hint"> (not scored)</span>}
          </li>
        ))}
      </ul>
    </div>
  )
}
