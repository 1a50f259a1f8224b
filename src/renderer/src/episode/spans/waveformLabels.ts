import type { StatementView } from '../../../../shared/contract'
import type { HighlightMark } from '../highlights/highlightMarks'
import type { SpanLayout } from './spanGeometry'
import { BANDS, FLAG, laneTop } from './waveformBands'

/**
 * Where the waveform's words go, so that none covers another: chapter titles in the strip at the top,
 * highlight flags in rows under it (a flag that would touch the one before it goes to the next row,
 * so highlights at one moment stack), statement titles inside their bands. A label too long for its
 * room is cut (the page draws the ellipsis) and named in full on hover.
 *
 * Laid out in episode pixels (seconds times the zoom), so a pan only shifts the labels: this runs when
 * the spans, the highlights or the zoom change, never per frame.
 */

export type LabelKind = 'chapter' | 'highlight' | 'statement'

export interface LabelBox {
  kind: LabelKind
  id: string
  /** What the label says in full; the box may show less. */
  text: string
  /** Episode pixels from the episode's start. */
  x: number
  /** CSS pixels from the layer's top. */
  y: number
  width: number
  height: number
  selected: boolean
  /**
   * A chapter's title: the farthest right (episode pixels) its box may reach. Scrolled past its start,
   * the title stays at the view's left edge until its chapter's end takes it along.
   */
  pinUntil?: number
}

export interface WaveformLabels {
  /** The zoom they were laid out for. */
  pxPerSec: number
  boxes: readonly LabelBox[]
}

export interface LabelInput {
  chapters: readonly { id: string; start: number; end: number; title: string }[]
  highlights: readonly HighlightMark[]
  statements: SpanLayout<StatementView>
  pxPerSec: number
  /** The episode's length: a flag near the end reaches left of its line instead of past the end. */
  duration: number
  /** The layer's height, in CSS pixels. */
  height: number
  /** A text's width in the labels' font. */
  measure: (text: string) => number
}

/** Space kept between two labels, and the least of a label worth drawing. */
export const LABEL = { gap: 3, minWidth: 18, padding: 10, flagGap: 2, pinGap: 2 }

/** What a highlight's flag says: a play sign and its name. */
export const highlightText = (label: string): string => `▶ ${label}`

export function layoutLabels(input: LabelInput): WaveformLabels {
  return {
    pxPerSec: input.pxPerSec,
    boxes: [...chapterLabels(input), ...highlightFlags(input), ...statementLabels(input)],
  }
}

/** The same labels with the chapters' titles laid out anew: a boundary being dragged takes them along. */
export function withChapters(
  labels: WaveformLabels,
  chapters: LabelInput['chapters'],
  measure: LabelInput['measure'],
): WaveformLabels {
  return {
    pxPerSec: labels.pxPerSec,
    boxes: [
      ...chapterLabels({ chapters, pxPerSec: labels.pxPerSec, measure }),
      ...labels.boxes.filter((b) => b.kind !== 'chapter'),
    ],
  }
}

/** Chapters follow one another: one row, each title within its chapter, clear of the boundary grips. */
function chapterLabels({
  chapters,
  pxPerSec,
  measure,
}: Pick<LabelInput, 'chapters' | 'pxPerSec' | 'measure'>): LabelBox[] {
  const boxes: LabelBox[] = []
  chapters.forEach((c, i) => {
    const left = c.start * pxPerSec + BANDS.edgePx + 2
    const room = c.end * pxPerSec - BANDS.edgePx - 2 - left
    if (room < LABEL.minWidth * 1.5) return
    const text = c.title || `Chapter ${i + 1}`
    const width = Math.min(room, Math.ceil(measure(text)) + LABEL.padding)
    boxes.push({
      kind: 'chapter',
      id: c.id,
      text,
      x: left,
      y: 0,
      width,
      height: BANDS.chapterStrip,
      selected: false,
      pinUntil: left + room,
    })
  })
  return boxes
}

/** A chapter title's box as seen with the view's left edge at `offset` episode pixels. */
export function pinnedToView(box: LabelBox, offset: number): LabelBox {
  if (box.pinUntil === undefined) return box
  const x = Math.min(offset + LABEL.pinGap, box.pinUntil - box.width)
  return x > box.x ? { ...box, x } : box
}

/** How many flag rows fit between the chapter strip and the statement lanes. */
export function flagRows(height: number, statementLanes: number): number {
  const floor = statementLanes > 0 ? laneTop(statementLanes - 1, height) - LABEL.flagGap : height
  return Math.max(1, Math.floor((floor - FLAG.top + LABEL.flagGap) / (FLAG.height + LABEL.flagGap)))
}

/**
 * Each flag starts at its highlight's line, in the first row where it touches no flag before it;
 * with every row taken it shortens the nearest flag before it, and only when that would leave too
 * little of it, starts just right of the row's last flag (still its own box, so still reachable).
 */
function highlightFlags(input: LabelInput): LabelBox[] {
  const { highlights, statements, pxPerSec, duration, height, measure } = input
  const rows = flagRows(height, statements.lanes.length)
  const last: LabelBox[] = []
  const boxes: LabelBox[] = []
  const end = duration * pxPerSec
  const wanted = highlights
    .map((mark) => {
      const width = Math.min(FLAG.maxWidth, Math.ceil(measure(highlightText(mark.label))) + LABEL.padding)
      return { mark, width, at: Math.max(0, Math.min(mark.time * pxPerSec, end - width)) }
    })
    .sort((a, b) => a.at - b.at || a.mark.time - b.mark.time || a.mark.id.localeCompare(b.mark.id))
  for (const { mark, width, at } of wanted) {
    const free = (row: number): boolean => {
      const before = last[row]
      return !before || before.x + before.width + LABEL.gap <= at
    }
    let row = last.findIndex((_, r) => free(r))
    if (row < 0 && last.length < rows) row = last.length
    let x = at
    if (row < 0) {
      const shortenable = last.findIndex((b) => at - LABEL.gap - b.x >= LABEL.minWidth)
      if (shortenable >= 0) {
        row = shortenable
        const before = last[row] as LabelBox
        before.width = at - LABEL.gap - before.x
      } else {
        // Every row has a flag within a few pixels before this one: the row that ends first takes it.
        const ends = last.map((b) => b.x + b.width)
        row = ends.indexOf(Math.min(...ends))
        x = (ends[row] as number) + LABEL.gap
      }
    }
    const box: LabelBox = {
      kind: 'highlight',
      id: mark.id,
      text: mark.label,
      x,
      y: FLAG.top + row * (FLAG.height + LABEL.flagGap),
      width,
      height: FLAG.height,
      selected: mark.selected,
    }
    last[row] = box
    boxes.push(box)
  }
  return boxes
}

/**
 * A statement's title inside its band, up to where the next statement of its lane begins (lanes past
 * the limit may hold overlapping spans). Untitled statements say nothing.
 */
function statementLabels({ statements, pxPerSec, height, measure }: LabelInput): LabelBox[] {
  const boxes: LabelBox[] = []
  statements.lanes.forEach((lane, l) => {
    lane.spans.forEach((s, i) => {
      if (!s.title) return
      const next = lane.spans[i + 1]
      const left = s.start * pxPerSec + LABEL.gap
      const right = Math.min(s.end, next ? next.start : Infinity) * pxPerSec - LABEL.gap
      const room = right - left
      if (room < LABEL.minWidth) return
      const width = Math.min(room, Math.ceil(measure(s.title)) + LABEL.padding)
      boxes.push({
        kind: 'statement',
        id: s.id,
        text: s.title,
        x: left,
        y: laneTop(l, height),
        width,
        height: BANDS.laneHeight,
        selected: false,
      })
    })
  })
  return boxes
}

/**
 * The chapter title or highlight flag under a point (episode pixels across, layer pixels down), with the
 * view's left edge at `offset` episode pixels.
 */
export function labelAt(labels: WaveformLabels, x: number, y: number, offset = 0): LabelBox | null {
  for (const seen of labels.boxes) {
    if (seen.kind === 'statement') continue
    const box = pinnedToView(seen, offset)
    if (x >= box.x && x <= box.x + box.width && y >= box.y && y <= box.y + box.height) return box
  }
  return null
}
