import { useId, useState } from 'react'
import type { ShowTrends } from '../../../shared/contract'
import { labelEvery } from '../../../shared/scoreChart'
import * as chart from '../episode/charts/chartParts'
import { pointLabel, trendRuns, trendSeries, type TrendPoint } from './trendLayout'
import { usePointReasoning } from './usePointReasoning'

const BOX: chart.ChartBox = { width: 720, height: 260, pad: { left: 34, right: 12, top: 12, bottom: 30 } }
const { width: WIDTH, height: HEIGHT, pad: PAD } = BOX
// Dimensions with one average for an episode would hide each other: each sits a little to one side.
const SPREAD = 4

interface Active {
  key: string
  index: number
}

/**
 * Each episode's average per dimension over time, one line per dimension: a point is an episode (hover
 * or focus it for its reasoning; a click or Enter opens the episode). Episodes stand in date order at
 * even steps, so a show published in bursts still reads episode by episode. Past MOST_POINTS episodes a
 * point is a run of consecutive episodes, their mean, and says so.
 */
export function TrendChart(props: { trends: ShowTrends; onOpen: (id: string) => void }): React.JSX.Element {
  const { trends, onOpen } = props
  const [active, setActive] = useState<Active | null>(null)
  const tooltipId = useId()
  const runs = trendRuns(trends.episodes)
  const series = trendSeries(trends, runs)
  const { min, max } = trends.scale
  const count = runs.length
  const band = chart.plotWidth(BOX) / Math.max(1, count)
  const x = (index: number, seriesIndex: number): number =>
    PAD.left + band * (index + 0.5) + (seriesIndex - (series.length - 1) / 2) * Math.min(SPREAD, band / 8)
  const y = chart.valueY(BOX, min, max)
  const every = labelEvery(count, 8)

  const activeSeries = series.findIndex((s) => s.key === active?.key)
  const activePoint = series[activeSeries]?.points.find((p) => p.index === active?.index)
  // A run's point is a mean of several episodes' reasonings: none stands for it.
  const reasoning = usePointReasoning(
    activePoint && active && activePoint.count === 1
      ? { episodeId: activePoint.episode.id, dimension: active.key }
      : null,
  )

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
      ...chart.pointHandlers(show, hide, () => onOpen(p.episode.id)),
    }
  }

  return (
    <div className="score-chart trend-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="group" aria-label="Average score per episode, over time">
        <chart.ScaleTicks box={BOX} min={min} max={max} />
        <chart.BandLabels
          items={runs.map((run) => run[0] as (typeof run)[number])}
          every={every}
          className="date-label"
          y={HEIGHT - 10}
          x={(i) => x(i, (series.length - 1) / 2)}
        >
          {(e) => e.date}
        </chart.BandLabels>
        {series.map((s, si) => (
          <chart.SeriesGroup key={s.key} dimension={s.key} index={si}>
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
          </chart.SeriesGroup>
        ))}
      </svg>
      {activePoint && (
        <div
          id={tooltipId}
          role="tooltip"
          {...chart.tooltipPlace(BOX, x(activePoint.index, activeSeries), y(activePoint.value), 0.4)}
        >
          {activePoint.count === 1 ? (
            <>
              <b>{activePoint.episode.title || activePoint.episode.id}</b>{' '}
              <span className="hint">{activePoint.episode.date}</span>
            </>
          ) : (
            <>
              <b>{activePoint.count} episodes</b>{' '}
              <span className="hint">
                {activePoint.episode.date} to {activePoint.last.date}
              </span>
            </>
          )}
          <div>
            {series[activeSeries]?.label}: <b>{activePoint.value.toFixed(1)}</b> / {max}
            {activePoint.count > 1 && ' on average'}
          </div>
          {activePoint.count === 1 ? (
            <p className={reasoning ? 'reasoning' : 'reasoning hint'}>
              {reasoning ?? 'Reading the reasoning…'}
              {reasoning === '' && 'No reasoning given for these scores.'}
            </p>
          ) : (
            <p className="reasoning hint">
              Each episode’s average is in the table below; a click opens the first of them.
            </p>
          )}
        </div>
      )}
      <chart.ChartLegend series={series.map((s) => ({ ...s, empty: s.points.length === 0 }))} />
    </div>
  )
}
