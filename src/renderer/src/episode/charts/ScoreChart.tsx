import { useId, useState } from 'react'
import type { ChapterView, EpisodeView } from '../../../../shared/contract'
import {
  labelEvery,
  scaleTicks,
  scoreSeries,
  seriesRuns,
  type ScorePoint,
} from '../../../../shared/scoreChart'
import { inSpanOrder } from '../../../../shared/spanOrder'
import { formatClock } from '../../../../shared/time'
import type { Selection } from '../editorPanelProps'
import { dimensionColor } from './chartColors'

const WIDTH = 640
const HEIGHT = 240
const PAD = { left: 34, right: 12, top: 12, bottom: 36 }
const PLOT_W = WIDTH - PAD.left - PAD.right
const PLOT_H = HEIGHT - PAD.top - PAD.bottom
// Dimensions that give a chapter the same score would hide each other: each sits a little to one side.
const SPREAD = 5

interface Active {
  chapterId: string
  dimension: string
}

/** Chapter scores per dimension: one coloured series each, a tooltip with the reasoning on hover or focus. */
export function ScoreChart(props: {
  view: EpisodeView
  selection: Selection
  onPick: (chapter: ChapterView) => void
}): React.JSX.Element {
  const { view, selection, onPick } = props
  const [active, setActive] = useState<Active | null>(null)
  const tooltipId = useId()
  const chapters = inSpanOrder(view.chapters)
  const series = scoreSeries(view)
  const { min, max } = view.rubric.scale
  const band = PLOT_W / Math.max(1, chapters.length)
  const x = (chapterIndex: number, seriesIndex: number): number =>
    PAD.left + band * (chapterIndex + 0.5) + (seriesIndex - (series.length - 1) / 2) * SPREAD
  const y = (value: number): number => PAD.top + PLOT_H * (1 - (value - min) / Math.max(1, max - min))
  const every = labelEvery(chapters.length, 12)
  const selectedIndex = chapters.findIndex((c) => selection?.kind === 'chapter' && selection.id === c.id)

  const activeSeries = series.findIndex((s) => s.key === active?.dimension)
  const activePoint = series[activeSeries]?.points.find((p) => p.chapterId === active?.chapterId)
  const activeChapter = activePoint && chapters[activePoint.chapterIndex]
  // Kept inside the chart: a point at an edge would push a centred tooltip out of the panel.
  const tooltipLeft = activePoint
    ? Math.min(80, Math.max(20, (x(activePoint.chapterIndex, activeSeries) / WIDTH) * 100))
    : 0
  const tooltipBelow = activePoint !== undefined && y(activePoint.value) < HEIGHT * 0.35

  const pointProps = (
    p: ScorePoint,
    seriesIndex: number,
    label: string,
  ): React.SVGProps<SVGCircleElement> => {
    const chapter = chapters[p.chapterIndex]
    const dimension = series[seriesIndex]?.key ?? ''
    const isActive = active?.chapterId === p.chapterId && active.dimension === dimension
    const show = (): void => setActive({ chapterId: p.chapterId, dimension })
    // Only this point's own tooltip: moving from one point to the next must not hide the next one's.
    const hide = (): void =>
      setActive((a) => (a?.chapterId === p.chapterId && a.dimension === dimension ? null : a))
    return {
      tabIndex: 0,
      role: 'button',
      'aria-label': `${chapter?.title || `Chapter ${p.chapterIndex + 1}`}, ${label}: ${p.value}`,
      'aria-describedby': isActive ? tooltipId : undefined,
      onMouseEnter: show,
      onFocus: show,
      onMouseLeave: hide,
      onBlur: hide,
      onClick: () => chapter && onPick(chapter),
      onKeyDown: (e) => {
        if (e.key !== 'Enter' && e.key !== ' ') return
        // Space would otherwise reach the screen's play/pause shortcut.
        e.preventDefault()
        if (chapter) onPick(chapter)
      },
    }
  }

  return (
    <div className="score-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="group" aria-label="Chapter scores per dimension">
        {selectedIndex >= 0 && (
          <rect
            className="selected-chapter"
            x={PAD.left + band * selectedIndex}
            y={PAD.top}
            width={band}
            height={PLOT_H}
          />
        )}
        {scaleTicks(min, max).map((t) => (
          <g key={t} className="tick">
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(t)} y2={y(t)} />
            <text x={PAD.left - 6} y={y(t)} textAnchor="end" dominantBaseline="middle">
              {t}
            </text>
          </g>
        ))}
        {chapters.map((c, i) =>
          i % every === 0 ? (
            <text
              key={c.id}
              className="chapter-label"
              x={x(i, (series.length - 1) / 2)}
              y={HEIGHT - 20}
              textAnchor="middle"
            >
              <tspan>{i + 1}</tspan>
              <tspan x={x(i, (series.length - 1) / 2)} dy="13">
                {formatClock(c.start)}
              </tspan>
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
            {seriesRuns(s.points).map((run) =>
              run.length > 1 ? (
                <polyline
                  key={run[0]?.chapterId}
                  fill="none"
                  points={run.map((p) => `${x(p.chapterIndex, si)},${y(p.value)}`).join(' ')}
                />
              ) : null,
            )}
            {s.points.map((p) => (
              <circle
                key={p.chapterId}
                className={`score-point${p.chapterIndex === selectedIndex ? ' selected' : ''}`}
                data-chapter={p.chapterId}
                data-dimension={s.key}
                cx={x(p.chapterIndex, si)}
                cy={y(p.value)}
                r={5}
                {...pointProps(p, si, s.label)}
              />
            ))}
          </g>
        ))}
      </svg>
      {activePoint && activeChapter && (
        <div
          id={tooltipId}
          role="tooltip"
          className={tooltipBelow ? 'chart-tooltip below' : 'chart-tooltip'}
          style={{ left: `${tooltipLeft}%`, top: `${(y(activePoint.value) / HEIGHT) * 100}%` }}
        >
          <b>{activeChapter.title || `Chapter ${activePoint.chapterIndex + 1}`}</b>{' '}
          <span className="hint">
            {formatClock(activeChapter.start)}–{formatClock(activeChapter.end)}
          </span>
          <div>
            {series[activeSeries]?.label}: <b>{activePoint.value}</b> / {max}
          </div>
          <p className={activePoint.reasoning ? 'reasoning' : 'reasoning hint'}>
            {activePoint.reasoning || 'No reasoning given for this score yet.'}
          </p>
        </div>
      )}
      <ul className="chart-legend" aria-label="Dimensions">
        {series.map((s, si) => (
          <li key={s.key}>
            <i className="swatch" style={{ background: dimensionColor(si) }} aria-hidden="true" />
            {s.label}
          </li>
        ))}
      </ul>
    </div>
  )
}
