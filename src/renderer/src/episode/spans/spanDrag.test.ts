import { describe, expect, it } from 'vitest'
import type { TranscriptView } from '../../../../shared/contract'
import { chapterEdges, edgeNear, edgesInWindow } from './chapterEdges'
import { movedBoundary, movedSpan, resizedSpan, spanFromDrag, type Snap } from './spanDrag'
import { isTarget, nearestWithin, snapTargets, snapTolerance } from './spanSnapping'
import { snappedEdges } from './spanPreview'

const transcript: TranscriptView = {
  rev: 'r1',
  segments: [
    {
      id: 's1',
      start: 2,
      end: 6,
      speakerId: null,
      text: 'one two three',
      approximate: false,
      wordTimes: [[2, 2.8], null, [4.5, 5.6]],
    },
    { id: 's2', start: 6.5, end: 9, speakerId: null, text: 'four', approximate: false, wordTimes: [null] },
  ],
}
const targets = snapTargets(transcript, { estimated: true })
const snap: Snap = { targets, tolerance: 0.5 }

describe('snap targets', () => {
  it('are word and segment starts and ends, sorted', () => {
    // "four" has no word time: its cue's estimate (the whole cue, for one word) stands for it.
    expect(Array.from(targets.starts)).toEqual([2, 2, 4.5, 6.5, 6.5])
    expect(Array.from(targets.ends)).toEqual([2.8, 5.6, 6, 9, 9])
    expect(snapTargets(null).starts).toHaveLength(0)
  })

  it('of a caption cue without word times are, for a drag, its words’ estimated times, shared by characters', () => {
    const cue: TranscriptView = {
      rev: 'r2',
      segments: [
        {
          id: 'c',
          start: 10,
          end: 14,
          speakerId: null,
          text: 'aa bb cccc',
          approximate: false,
          wordTimes: [],
        },
      ],
    }
    const captions = snapTargets(cue, { estimated: true })
    // 8 characters over 4 s: "aa" 10-11, "bb" 11-12, "cccc" 12-14.
    expect(Array.from(captions.starts)).toEqual([10, 10, 11, 12])
    expect(Array.from(captions.ends)).toEqual([11, 12, 14, 14])
    // Set from the playhead (by ear), an edge keeps to the cue's own edges.
    expect(Array.from(snapTargets(cue).starts)).toEqual([10])
    // A drag's edge at 11.3 snaps to where "bb" starts, at any zoom.
    for (const pxPerSec of [2, 40, 400]) {
      const caption: Snap = { targets: captions, tolerance: snapTolerance(pxPerSec, 8) }
      expect(spanFromDrag(11.3, 13.6, 20, caption)).toEqual({ start: 11, end: 14 })
    }
  })

  it('are shown while dragging where an edge sits on one', () => {
    const span = spanFromDrag(2.3, 5.5, 20, snap)!
    expect(span).toEqual({ start: 2, end: 5.6 })
    expect(isTarget(targets.starts, span.start) && isTarget(targets.ends, span.end)).toBe(true)
    expect(snappedEdges({ kind: 'statement', id: null, ...span, snapped: { start: true, end: false } })).toBe(
      'start',
    )
    expect(
      snappedEdges({ kind: 'boundary', chapterId: 'c', edge: 'end', from: 1, at: 2, snapped: true }),
    ).toBe('end')
    expect(snappedEdges(null)).toBeUndefined()
  })

  it('the nearest target within the tolerance, or none', () => {
    expect(nearestWithin(targets.ends, 5.8, 0.5)).toBe(5.6)
    expect(nearestWithin(targets.ends, 5.85, 0.5)).toBe(6)
    expect(nearestWithin(targets.ends, 7.5, 0.5)).toBeNull()
    expect(nearestWithin(targets.ends, 100, 0.5)).toBeNull()
    expect(nearestWithin(new Float64Array(0), 1, 1)).toBeNull()
  })
})

describe('drags', () => {
  it('make a span either way round, snapped: starts to starts, ends to ends', () => {
    expect(spanFromDrag(2.3, 5.4, 60, snap)).toEqual({ start: 2, end: 5.6 })
    expect(spanFromDrag(5.4, 2.3, 60, snap)).toEqual({ start: 2, end: 5.6 })
    expect(spanFromDrag(2.3, 5.4, 60, null)).toEqual({ start: 2.3, end: 5.4 })
    expect(spanFromDrag(-3, 70, 60, null)).toEqual({ start: 0, end: 60 })
    expect(spanFromDrag(3, 3.01, 60, null)).toBeNull()
  })

  it('move a span keeping its length, snapping the edge nearer a boundary', () => {
    expect(movedSpan({ start: 10, end: 11 }, 2, 60, null)).toEqual({ start: 12, end: 13 })
    // Start at 4.3 is 0.2 from 4.5; end at 5.3 is 0.3 from 5.6: the start snaps.
    const moved = movedSpan({ start: 10, end: 11 }, -5.7, 60, snap)
    expect(moved.start).toBeCloseTo(4.5)
    expect(moved.end).toBeCloseTo(5.5)
    expect(movedSpan({ start: 10, end: 20 }, 45, 60, null)).toEqual({ start: 50, end: 60 })
    expect(movedSpan({ start: 10, end: 20 }, -15, 60, null)).toEqual({ start: 0, end: 10 })
  })

  it('resize one edge, snapped, never across the other', () => {
    expect(resizedSpan({ start: 2, end: 6 }, 'end', 5.4, 60, snap)).toEqual({ start: 2, end: 5.6 })
    expect(resizedSpan({ start: 2, end: 6 }, 'end', 5.4, 60, null)).toEqual({ start: 2, end: 5.4 })
    expect(resizedSpan({ start: 2, end: 6 }, 'start', 4.3, 60, snap)).toEqual({ start: 4.5, end: 6 })
    expect(resizedSpan({ start: 2, end: 6 }, 'start', 9, 60, null)).toEqual({ start: 5.95, end: 6 })
    expect(resizedSpan({ start: 2, end: 6 }, 'end', 100, 60, null)).toEqual({ start: 2, end: 60 })
  })

  it('move a chapter boundary within its limits, snapped to a start', () => {
    expect(movedBoundary(4.2, 1, 8, snap)).toBe(4.5)
    expect(movedBoundary(4.2, 1, 8, null)).toBe(4.2)
    expect(movedBoundary(0, 1, 8, snap)).toBe(1)
    expect(movedBoundary(6.4, 1, 6.2, snap)).toBe(6.2)
  })
})

describe('chapter edges', () => {
  const chapters = [
    { id: 'c2', start: 10, end: 25 },
    { id: 'c1', start: 0, end: 10 },
    { id: 'c3', start: 30, end: 60 },
  ]
  const edges = chapterEdges(chapters, 60)

  it('are the inner boundaries: a shared one once, gap edges each, with the core limits', () => {
    expect(edges).toEqual([
      { chapterId: 'c1', edge: 'end', at: 10, low: 0.5, high: 24.5 },
      { chapterId: 'c2', edge: 'end', at: 25, low: 10.5, high: 30 },
      { chapterId: 'c3', edge: 'start', at: 30, low: 25, high: 59.5 },
    ])
  })

  it('the nearest edge within reach', () => {
    expect(edgeNear(edges, 10.2, 0.5)?.chapterId).toBe('c1')
    expect(edgeNear(edges, 29.8, 0.5)).toMatchObject({ chapterId: 'c3', edge: 'start' })
    expect(edgeNear(edges, 27, 0.5)).toBeNull()
  })

  it('those a window shows', () => {
    expect(edgesInWindow(edges, 10, 29).map((e) => e.at)).toEqual([10, 25])
    expect(edgesInWindow(edges, 31, 60)).toEqual([])
  })
})
