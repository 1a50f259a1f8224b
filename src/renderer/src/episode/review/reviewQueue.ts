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
 * What "next unreviewed" goes to: the first item still waiting in the order of the episode, whatever is
 * selected. Going on from a row clicked further on would pass over the items before it unseen.
 */
export function firstInQueue(
  queue: readonly ReviewItem[],
  except?: { kind: ReviewKind; id: string },
): ReviewItem | null {
  return queue.find((item) => !except || item.kind !== except.kind || item.id !== except.id) ?? null
}
