import type { EpisodeView, ReviewKind } from '../../../../shared/contract'

export interface ReviewItem {
  kind: ReviewKind
  id: string
  time: number
  title: string
}

/** Every item still waiting for the reviewer, in the order of the episode. */
export function reviewQueue(view: EpisodeView): ReviewItem[] {
  const items: ReviewItem[] = [
    ...view.chapters.map((c) => ({
      kind: 'chapter' as const,
      id: c.id,
      time: c.start,
      title: c.title,
      s: c.status,
    })),
    ...view.highlights.map((h) => ({
      kind: 'highlight' as const,
      id: h.id,
      time: h.time,
      title: h.title,
      s: h.status,
    })),
    ...view.statements.map((s) => ({
      kind: 'statement' as const,
      id: s.id,
      time: s.start,
      title: s.title,
      s: s.status,
    })),
  ]
    .filter((item) => item.s === 'unreviewed')
    .map(({ kind, id, time, title }) => ({ kind, id, time, title }))
  const order: Record<ReviewKind, number> = { chapter: 0, highlight: 1, statement: 2 }
  return items.sort((a, b) => a.time - b.time || order[a.kind] - order[b.kind] || (a.id < b.id ? -1 : 1))
}

/**
 * The item after the one at hand (by time, then kind), wrapping to the first: what "next unreviewed"
 * goes to. With nothing at hand, the first.
 */
export function nextInQueue(
  queue: readonly ReviewItem[],
  current: { kind: ReviewKind; id: string; time: number } | null,
): ReviewItem | null {
  if (queue.length === 0) return null
  if (!current) return queue[0] ?? null
  const order: Record<ReviewKind, number> = { chapter: 0, highlight: 1, statement: 2 }
  const after = queue.find(
    (item) =>
      item.time > current.time ||
      (item.time === current.time && order[item.kind] > order[current.kind]) ||
      (item.time === current.time && item.kind === current.kind && item.id > current.id),
  )
  return after ?? queue[0] ?? null
}
