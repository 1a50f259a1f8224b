import { useId, useState } from 'react'
import type { ChapterView, EpisodeView } from '../../../../shared/contract'
import { labelEvery, scoreSeries, seriesRuns, type ScorePoint } from '../../../../shared/scoreChart'
import { inSpanOrder } from '../../../../shared/spanOrder'
import { formatClock } from '../../../../shared/time'
import type { Selection } from '../editorPanelProps'
import {
  BandLabels,
  ChartLegend,
  plotWidth,
  pointHandlers,
  ScaleTicks,
  SeriesGroup,
  tooltipPlace,
  valueY,
  type ChartBox,
} from './chartParts'

const BOX: ChartBox = { width: 640, height: 240, pad: { left: 34, right: 12, top: 12, bottom: 36 } }
const { width: WIDTH, height: HEIGHT, pad: PAD } = BOX
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
  const band = plotWidth(BOX) / Math.max(1, chapters.length)
  const x = (chapterIndex: number, seriesIndex: number): number =>
    PAD.left + band * (chapterIndex + 0.5) + (seriesIndex - (series.length - 1) / 2) * SPREAD
  const y = valueY(BOX, min, max)
  const every = labelEvery(chapters.length, 12)
  const selectedIndex = chapters.findIndex((c) => selection?.kind === 'chapter' && selection.id === c.id)

  const activeSeries = series.findIndex((s) => s.key === active?.dimension)
  const activePoint = series[activeSeries]?.points.find((p) => p.chapterId === active?.chapterId)
  const activeChapter = activePoint && chapters[activePoint.chapterIndex]

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
      ...pointHandlers(show, hide, () => chapter && onPick(chapter)),
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
        <ScaleTicks box={BOX} min={min} max={max} />
        <BandLabels
          items={chapters}
          every={every}
          className="chapter-label"
          y={HEIGHT - 20}
          x={(i) => x(i, (series.length - 1) / 2)}
        >
          {(c, i, labelX) => (
            <>
              <tspan>{i + 1}</tspan>
              <tspan x={labelX} dy="13">
                {formatClock(c.start)}
              </tspan>
            </>
          )}
        </BandLabels>
        {series.map((s, si) => (
          <SeriesGroup key={s.key} dimension={s.key} index={si}>
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
          </SeriesGroup>
        ))}
      </svg>
      {activePoint && activeChapter && (
        <div
          id={tooltipId}
          role="tooltip"
          {...tooltipPlace(BOX, x(activePoint.chapterIndex, activeSeries), y(activePoint.value), 0.35)}
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
      <ChartLegend series={series} />
    </div>
  )
}
