import type { KeyboardEvent } from 'react'
import { scaleTicks } from '../../../../shared/scoreChart'
import { dimensionColor } from './chartColors'

/*
 * What the episode's score chart and the show's trend chart draw alike: the plot's box and its value
 * axis, the points' hover, focus and keys, where a point's tooltip goes, and the legend.
 */

/** A chart's drawing box (its viewBox) and the margins the axes take. */
export interface ChartBox {
  width: number
  height: number
  pad: { left: number; right: number; top: number; bottom: number }
}

export const plotWidth = (box: ChartBox): number => box.width - box.pad.left - box.pad.right
const plotHeight = (box: ChartBox): number => box.height - box.pad.top - box.pad.bottom

/** Where a value stands, top to bottom, on a scale from `min` to `max`. */
export const valueY =
  (box: ChartBox, min: number, max: number) =>
  (value: number): number =>
    box.pad.top + plotHeight(box) * (1 - (value - min) / Math.max(1, max - min))

/** The value axis: a line and a label per tick of the scale. */
export function ScaleTicks(props: { box: ChartBox; min: number; max: number }): React.JSX.Element {
  const { box, min, max } = props
  const y = valueY(box, min, max)
  return (
    <>
      {scaleTicks(min, max).map((t) => (
        <g key={t} className="tick">
          <line x1={box.pad.left} x2={box.width - box.pad.right} y1={y(t)} y2={y(t)} />
          <text x={box.pad.left - 6} y={y(t)} textAnchor="end" dominantBaseline="middle">
            {t}
          </text>
        </g>
      ))}
    </>
  )
}

/**
 * A point's hover, focus, click and keys: it shows its tooltip while pointed at or focused, and Enter
 * or Space (kept from the screen's play/pause) does what a click does.
 */
export function pointHandlers(
  show: () => void,
  hide: () => void,
  pick: () => void,
): Pick<
  React.SVGProps<SVGCircleElement>,
  'onMouseEnter' | 'onFocus' | 'onMouseLeave' | 'onBlur' | 'onClick' | 'onKeyDown'
> {
  return {
    onMouseEnter: show,
    onFocus: show,
    onMouseLeave: hide,
    onBlur: hide,
    onClick: pick,
    onKeyDown: (e: KeyboardEvent<SVGCircleElement>) => {
      if (e.key !== 'Enter' && e.key !== ' ') return
      e.preventDefault()
      pick()
    },
  }
}

/**
 * Where a point's tooltip goes, as the chart's share: kept inside the chart (a point at an edge would
 * push a centred tooltip out of it), and below a point near the top.
 */
export function tooltipPlace(
  box: ChartBox,
  x: number,
  y: number,
  belowFrom: number,
): { className: string; style: React.CSSProperties } {
  const left = Math.min(80, Math.max(20, (x / box.width) * 100))
  return {
    className: y < box.height * belowFrom ? 'chart-tooltip below' : 'chart-tooltip',
    style: { left: `${left}%`, top: `${(y / box.height) * 100}%` },
  }
}

/** The dimensions' colours, named. */
export function ChartLegend(props: {
  series: readonly { key: string; label: string; empty?: boolean }[]
}): React.JSX.Element {
  return (
    <ul className="chart-legend" aria-label="Dimensions">
      {props.series.map((s, si) => (
        <li key={s.key}>
          <i className="swatch" style={{ background: dimensionColor(si) }} aria-hidden="true" />
          {s.label}
          {s.empty && <span className="hint"> (not scored)</span>}
        </li>
      ))}
    </ul>
  )
}

/** One dimension's lines and points, in its colour. */
export function SeriesGroup(props: {
  dimension: string
  index: number
  children: React.ReactNode
}): React.JSX.Element {
  const colour = dimensionColor(props.index)
  return (
    <g className="series" data-dimension={props.dimension} stroke={colour} fill={colour}>
      {props.children}
    </g>
  )
}

/**
 * The labels under the plot, one every `every` items so that they do not run into each other, each
 * centred on its item's band at `x(index)`; `children` writes a label's text.
 */
export function BandLabels<T extends { id: string }>(props: {
  items: readonly T[]
  every: number
  className: string
  y: number
  x: (index: number) => number
  children: (item: T, index: number, x: number) => React.ReactNode
}): React.JSX.Element {
  const { every, className, y, x } = props
  return (
    <>
      {props.items.map((item, i) =>
        i % every === 0 ? (
          <text key={item.id} className={className} x={x(i)} y={y} textAnchor="middle">
            {props.children(item, i, x(i))}
          </text>
        ) : null,
      )}
    </>
  )
}
