import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { StatementView } from '../../../../shared/contract'
import type { HighlightMark } from '../highlights/highlightMarks'
import { layoutSpans } from './spanGeometry'
import { BANDS, FLAG } from './waveformBands'
import {
  flagRows,
  labelAt,
  layoutLabels,
  pinnedToView,
  withChapters,
  type LabelBox,
  type LabelInput,
} from './waveformLabels'

/** Six pixels a character: near enough the 11 px system font. */
const measure = (text: string): number => text.length * 6

const statement = (id: string, start: number, end: number, title = `Statement ${id}`): StatementView =>
  ({ id, start, end, title }) as StatementView

const mark = (id: string, time: number, label = `Highlight ${id}`): HighlightMark => ({
  id,
  time,
  label,
  selected: false,
})

const input = (over: Partial<LabelInput>): LabelInput => ({
  chapters: [],
  highlights: [],
  statements: layoutSpans<StatementView>([], BANDS.maxLanes),
  pxPerSec: 10,
  duration: 600,
  height: 128,
  measure,
  ...over,
})

const intersect = (a: LabelBox, b: LabelBox): boolean =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

const overlapping = (boxes: readonly LabelBox[]): [LabelBox, LabelBox][] =>
  boxes.flatMap((a, i) =>
    boxes.slice(i + 1).flatMap((b) => (intersect(a, b) ? [[a, b] as [LabelBox, LabelBox]] : [])),
  )

describe('waveform labels', () => {
  it('lays out the chapters apart from the flags and statements, as all at once would', () => {
    const chapters = [
      { id: 'c1', start: 0, end: 100, title: 'Opening' },
      { id: 'c2', start: 100, end: 600, title: '' },
    ]
    const rest = {
      highlights: [mark('h1', 5), mark('h2', 150)],
      statements: layoutSpans([statement('s1', 2, 40), statement('s2', 30, 90)], BANDS.maxLanes),
    }
    const whole = layoutLabels(input({ chapters, ...rest }))
    const apart = withChapters(layoutLabels(input(rest)), chapters, measure)
    expect(apart).toEqual(whole)
    expect(whole.boxes.filter((b) => b.kind === 'chapter').map((b) => b.text)).toEqual([
      'Opening',
      'Chapter 2',
    ])
  })

  it('stacks two highlights at one moment in two rows, each with its own box, under the chapter that starts there', () => {
    const labels = layoutLabels(
      input({
        chapters: [{ id: 'ch', start: 30, end: 90, title: 'The argument' }],
        highlights: [mark('a', 30), mark('b', 30)],
      }),
    )
    const [chapter, a, b] = labels.boxes
    expect(chapter).toMatchObject({ kind: 'chapter', text: 'The argument', y: 0 })
    expect(a).toMatchObject({ kind: 'highlight', id: 'a', x: 300, y: FLAG.top })
    expect(b).toMatchObject({ kind: 'highlight', id: 'b', x: 300, y: FLAG.top + FLAG.height + 2 })
    expect(overlapping(labels.boxes)).toEqual([])
    // Each flag is found by a point inside it.
    expect(labelAt(labels, 310, (a as LabelBox).y + 5)?.id).toBe('a')
    expect(labelAt(labels, 310, (b as LabelBox).y + 5)?.id).toBe('b')
    expect(labelAt(labels, 310, 8)?.id).toBe('ch')
  })

  it('turns a flag at the end of the episode to reach left of its line', () => {
    const labels = layoutLabels(input({ highlights: [mark('end', 599, 'At the end')] }))
    const flag = labels.boxes[0] as LabelBox
    expect(flag.x + flag.width).toBeLessThanOrEqual(6000)
    expect(flag.x).toBeLessThan(5990)
  })

  it('keeps a flag in the first row when the one before it has ended', () => {
    const labels = layoutLabels(input({ highlights: [mark('a', 0, 'A'), mark('b', 60, 'B')] }))
    expect(labels.boxes.map((b) => b.y)).toEqual([FLAG.top, FLAG.top])
  })

  it('with every row taken, shortens the flag before rather than cover it', () => {
    const rows = flagRows(128, 0)
    const marks = Array.from({ length: rows }, (_, i) => mark(`m${i}`, 0, 'A long highlight label'))
    const labels = layoutLabels(input({ highlights: [...marks, mark('late', 5)] }))
    const late = labels.boxes.find((b) => b.id === 'late') as LabelBox
    expect(late.x).toBe(50)
    expect(overlapping(labels.boxes)).toEqual([])
  })

  it('cuts a chapter title to its chapter and a statement title to its band', () => {
    const labels = layoutLabels(
      input({
        chapters: [{ id: 'short', start: 0, end: 5, title: 'A chapter title far longer than five seconds' }],
        statements: layoutSpans([statement('s', 0, 4, 'A statement title much longer than its band')], 3),
      }),
    )
    const chapter = labels.boxes.find((b) => b.kind === 'chapter') as LabelBox
    expect(chapter.x + chapter.width).toBeLessThanOrEqual(50 - BANDS.edgePx)
    expect(chapter.text).toBe('A chapter title far longer than five seconds')
    const label = labels.boxes.find((b) => b.kind === 'statement') as LabelBox
    expect(label.x + label.width).toBeLessThanOrEqual(40)
  })

  it('keeps a chapter title at the view’s left edge once its start is scrolled off, until its end takes it along', () => {
    const labels = layoutLabels(
      input({ chapters: [{ id: 'long', start: 10, end: 100, title: 'The argument' }] }),
    )
    const laid = labels.boxes.find((b) => b.kind === 'chapter') as LabelBox
    // The view starts before the chapter: the title is where the chapter starts.
    expect(pinnedToView(laid, 0)).toEqual(laid)
    // Its start scrolled off: the title sits at the view's left edge, and is found there.
    const pinned = pinnedToView(laid, 400)
    expect(pinned.x).toBe(402)
    expect(labelAt(labels, 410, 4, 400)?.id).toBe('long')
    expect(labelAt(labels, laid.x + 2, 4, 400)).toBeNull()
    // Near the chapter's end the title leaves with it, never past its boundary.
    const leaving = pinnedToView(laid, 990)
    expect(leaving.x + leaving.width).toBe(laid.pinUntil)
    expect(leaving.x + leaving.width).toBeLessThanOrEqual(1000 - BANDS.edgePx)
  })

  it('leaves out what has no room and statements without a title', () => {
    const labels = layoutLabels(
      input({
        chapters: [{ id: 'tiny', start: 0, end: 1, title: 'Tiny' }],
        statements: layoutSpans([statement('s', 0, 1), statement('t', 2, 9, '')], 3),
      }),
    )
    expect(labels.boxes).toEqual([])
  })

  it('never lets two labels cover each other, whatever the spans, highlights and zoom', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 600 }), fc.integer({ min: 1, max: 120 })), {
          maxLength: 25,
        }),
        fc.array(fc.integer({ min: 0, max: 600 }), { maxLength: 12 }),
        fc.array(fc.integer({ min: 1, max: 60 }), { maxLength: 10 }),
        fc.constantFrom(0.5, 2, 10, 50),
        (spans, moments, chapterLengths, pxPerSec) => {
          let at = 0
          const chapters = chapterLengths.map((length, i) => {
            const c = { id: `c${i}`, start: at, end: at + length, title: `Chapter number ${i}` }
            at += length
            return c
          })
          const statements = layoutSpans(
            spans.map(([start, length], i) => statement(`s${i}`, start, start + length)),
            BANDS.maxLanes,
          )
          const highlights = moments.map((t, i) => mark(`h${i}`, t))
          const labels = layoutLabels(input({ chapters, statements, highlights, pxPerSec, duration: 800 }))
          expect(overlapping(labels.boxes)).toEqual([])
          // Every highlight keeps a box of its own.
          expect(labels.boxes.filter((b) => b.kind === 'highlight')).toHaveLength(highlights.length)
        },
      ),
    )
  })
})
