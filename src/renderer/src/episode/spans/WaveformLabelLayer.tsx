import { memo } from 'react'
import { highlightText, pinnedToView, type LabelBox, type WaveformLabels } from './waveformLabels'
import { createScope } from '../../scope'
import { WaveformTooltip } from './WaveformTooltip'

/** The labels' font, for measuring: what styles.css gives `.wave-label`. */
export const LABEL_FONT = '11px system-ui, sans-serif'

let measuring: CanvasRenderingContext2D | null = null
const widths = new Map<string, number>()

/** A label's width in its font; each text is measured once. */
export function measureLabel(text: string): number {
  const known = widths.get(text)
  if (known !== undefined) return known
  measuring ??= document.createElement('canvas').getContext('2d')
  if (!measuring) return text.length * 6
  measuring.font = LABEL_FONT
  const width = measuring.measureText(text).width
  widths.set(text, width)
  return width
}

/**
 * Measures the texts not yet measured while the page is idle, a few at a time: measured cold, the
 * first zoom step at which a long episode's 500 statement titles fit took some 13 ms more.
 */
export function measureLabelsWhenIdle(texts: readonly string[]): () => void {
  let at = 0
  const scope = createScope()
  const work = (deadline: IdleDeadline): void => {
    while (at < texts.length && deadline.timeRemaining() > 1) measureLabel(texts[at++] as string)
    if (at < texts.length) scope.idle(work)
  }
  scope.idle(work)
  return scope.dispose
}

/**
 * How far beside the view, in views' widths, labels are in the page: a pan shows none missing before
 * the layer follows it.
 */
const NEAR_VIEW = 0.25

const Label = memo(function Label({ box }: { box: LabelBox }): React.JSX.Element {
  return (
    <div
      className={`wave-label wave-label-${box.kind}`}
      data-id={box.id}
      data-selected={box.selected ? 'true' : undefined}
      style={{ left: box.x, top: box.y, width: box.width, height: box.height }}
    >
      {box.kind === 'highlight' ? highlightText(box.text) : box.text}
    </div>
  )
})

/**
 * The chapter titles, highlight flags and statement titles over the waveform, as laid out for the
 * zoom; a pan moves them all with one transform. Only those in the view or a quarter of its width
 * beside it are in the page: every label moves and is restyled at each zoom step, and with a whole
 * view's width each side (three times the labels) the mid zooms of a long episode took a zoom step
 * from about 18 to over 30 ms. They let the pointer through to the waveform, which tells which one is
 * under it (useSpanDrag) and names it in full.
 */
export const WaveformLabelLayer = memo(function WaveformLabelLayer(props: {
  labels: WaveformLabels
  /** Episode pixels at the view's left edge. */
  offset: number
  /** The view's width in pixels. */
  width: number
  /** The statement being dragged: its label would stay behind. */
  hiddenId: string | null
}): React.JSX.Element {
  const { labels, offset, width, hiddenId } = props
  const margin = width * NEAR_VIEW
  const from = offset - margin
  const to = offset + width + margin
  return (
    <div className="waveform-labels" aria-hidden="true">
      <div className="waveform-labels-track" style={{ transform: `translateX(${-offset}px)` }}>
        {labels.boxes.map((laid) => {
          const box = pinnedToView(laid, offset)
          return box.x > to ||
            box.x + box.width < from ||
            (box.kind === 'statement' && box.id === hiddenId) ? null : (
            <Label key={`${box.kind}:${box.id}`} box={box} />
          )
        })}
      </div>
    </div>
  )
})

/** A chapter's or highlight's full name, under its label. */
export function LabelTooltip(props: { box: LabelBox; left: number }): React.JSX.Element {
  const { box, left } = props
  return (
    <WaveformTooltip className="label-tooltip" left={left} top={box.y + box.height + 2}>
      {box.text}
    </WaveformTooltip>
  )
}
