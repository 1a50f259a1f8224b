import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  eachInWindow,
  hitSpan,
  layoutSpans,
  sameLanePlaces,
  sameLayoutPlaces,
  spanLane,
} from './spanGeometry'

const span = (id: string, start: number, end: number): { id: string; start: number; end: number } => ({
  id,
  start,
  end,
})

describe('span lanes', () => {
  it('puts overlapping spans in separate lanes and reuses a lane once it is free', () => {
    const layout = layoutSpans([span('c', 5, 9), span('a', 0, 4), span('b', 2, 6), span('d', 4, 5)], 3)
    expect(layout.lanes.map((l) => l.spans.map((s) => s.id))).toEqual([['a', 'd', 'c'], ['b']])
    expect(layout.laneOf.get('b')).toBe(1)
    expect(layout.byId.get('c')?.start).toBe(5)
  })

  it('tells a retitled span (nothing to paint again) from a moved, added or removed one', () => {
    const spans = [
      { ...span('a', 0, 4), title: 'A' },
      { ...span('b', 2, 6), title: 'B' },
    ]
    const before = layoutSpans(spans, 3)
    const retitled = layoutSpans([spans[0]!, { ...spans[1]!, title: 'Bee' }], 3)
    expect(sameLayoutPlaces(before, retitled)).toBe(true)
    expect(sameLayoutPlaces(before, layoutSpans([spans[0]!, { ...spans[1]!, end: 7 }], 3))).toBe(false)
    expect(sameLayoutPlaces(before, layoutSpans([spans[0]!], 3))).toBe(false)
    expect(sameLayoutPlaces(before, layoutSpans([...spans, span('c', 5, 8)], 3))).toBe(false)
    expect(sameLanePlaces(spanLane(spans), spanLane([{ ...spans[0]!, title: '' }, spans[1]!]))).toBe(true)
    expect(sameLanePlaces(spanLane(spans), spanLane([span('x', 0, 4), spans[1]!]))).toBe(false)
  })

  it('past the lane limit, shares the lane that frees up first', () => {
    const layout = layoutSpans([span('a', 0, 10), span('b', 1, 3), span('c', 2, 8)], 2)
    expect(layout.lanes.map((l) => l.spans.map((s) => s.id))).toEqual([['a'], ['b', 'c']])
  })

  it('visits exactly the spans reaching into a window, even past a long one', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc
            .tuple(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 1, max: 300 }))
            .map(([s, l]) => [s, s + l]),
          { maxLength: 60 },
        ),
        fc.integer({ min: 0, max: 1300 }),
        fc.integer({ min: 0, max: 200 }),
        (pairs, from, width) => {
          const spans = pairs.map(([s, e], i) => span(String(i), s as number, e as number))
          const lane = spanLane([...spans].sort((a, b) => a.start - b.start))
          const seen: string[] = []
          eachInWindow(lane, from, from + width, (s) => seen.push(s.id))
          const expected = spans.filter((s) => s.end >= from && s.start <= from + width).map((s) => s.id)
          expect(seen.sort()).toEqual(expected.sort())
        },
      ),
    )
  })
})

describe('pointing at a span', () => {
  // 10 px per second: 6 px of edge is 0.6 s.
  const lane = spanLane([span('a', 10, 20), span('b', 20, 30), span('narrow', 40, 41)])

  it('finds the edge within reach, the nearer one where two spans touch', () => {
    expect(hitSpan(lane, 10.4, 10, 6)).toMatchObject({ span: { id: 'a' }, part: 'start' })
    expect(hitSpan(lane, 19.8, 10, 6)).toMatchObject({ span: { id: 'a' }, part: 'end' })
    expect(hitSpan(lane, 20.1, 10, 6)).toMatchObject({ span: { id: 'b' }, part: 'start' })
  })

  it('finds the body away from the edges, and nothing outside the spans', () => {
    expect(hitSpan(lane, 15, 10, 6)).toMatchObject({ span: { id: 'a' }, part: 'body' })
    expect(hitSpan(lane, 35, 10, 6)).toBeNull()
    expect(hitSpan(lane, 9, 10, 6)).toBeNull()
  })

  it('leaves the middle of a narrow span to its body so it can still be moved', () => {
    expect(hitSpan(lane, 40.5, 10, 6)).toMatchObject({ span: { id: 'narrow' }, part: 'body' })
    expect(hitSpan(lane, 40.05, 10, 6)).toMatchObject({ span: { id: 'narrow' }, part: 'start' })
    expect(hitSpan(lane, 40.95, 10, 6)).toMatchObject({ span: { id: 'narrow' }, part: 'end' })
  })
})
