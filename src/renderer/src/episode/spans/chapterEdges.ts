import { MIN_CHAPTER_SECONDS } from '../../../../shared/chapterLimits'
import type { IdentifiedSpan } from './spanGeometry'
import { firstIndex } from '../../../../shared/firstIndex'

/**
 * The chapter boundaries an editor can drag on the timeline, each with how far it may go. The limits
 * are the core's (`chapters.moveBoundary`): it has the last word, these only keep the preview honest.
 */
export interface ChapterEdge {
  chapterId: string
  edge: 'start' | 'end'
  at: number
  low: number
  high: number
}

// Ends this close are one boundary shared by two chapters (imported times may be a millisecond apart).
const SHARED_BOUNDARY_SECONDS = 0.001

/**
 * Every boundary but the media's own ends, sorted by time. Where two chapters touch there is one
 * boundary, the first chapter's end, which moves the next one's start with it.
 */
export function chapterEdges(chapters: readonly IdentifiedSpan[], last: number): ChapterEdge[] {
  const sorted = [...chapters].sort((a, b) => a.start - b.start)
  const shares = (a: number, b: number): boolean => Math.abs(a - b) <= SHARED_BOUNDARY_SECONDS
  const edges: ChapterEdge[] = []
  sorted.forEach((chapter, i) => {
    const previous = sorted[i - 1]
    const next = sorted[i + 1]
    if (!(previous && shares(previous.end, chapter.start)) && chapter.start > SHARED_BOUNDARY_SECONDS)
      edges.push({
        chapterId: chapter.id,
        edge: 'start',
        at: chapter.start,
        low: previous?.end ?? 0,
        high: chapter.end - MIN_CHAPTER_SECONDS,
      })
    const touching = next && shares(next.start, chapter.end)
    if (touching || chapter.end < last - SHARED_BOUNDARY_SECONDS)
      edges.push({
        chapterId: chapter.id,
        edge: 'end',
        at: chapter.end,
        low: chapter.start + MIN_CHAPTER_SECONDS,
        high: touching ? next.end - MIN_CHAPTER_SECONDS : (next?.start ?? last),
      })
  })
  return edges.filter((e) => e.low <= e.high).sort((a, b) => a.at - b.at)
}

/** Index of the first edge at or after `time`. */
function firstFrom(edges: readonly ChapterEdge[], time: number): number {
  return firstIndex(edges.length, (i) => (edges[i] as ChapterEdge).at < time)
}

/** The edges within [from, to]: what a frame draws. */
export function edgesInWindow(edges: readonly ChapterEdge[], from: number, to: number): ChapterEdge[] {
  const first = firstFrom(edges, from)
  let last = first
  while (last < edges.length && (edges[last] as ChapterEdge).at <= to) last++
  return edges.slice(first, last)
}

/** The edge nearest to `time` within `tolerance` seconds, by binary search. */
export function edgeNear(edges: readonly ChapterEdge[], time: number, tolerance: number): ChapterEdge | null {
  const lo = firstFrom(edges, time)
  let best: ChapterEdge | null = null
  for (const candidate of [edges[lo - 1], edges[lo]]) {
    if (!candidate || Math.abs(candidate.at - time) > tolerance) continue
    if (!best || Math.abs(candidate.at - time) < Math.abs(best.at - time)) best = candidate
  }
  return best
}
