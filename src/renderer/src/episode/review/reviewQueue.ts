import { chapterAt } from '../../../../shared/chapterAt'
import type { ChapterView, EpisodeView, ReviewKind } from '../../../../shared/contract'

export interface ReviewItem {
  kind: ReviewKind
  id: string
  time: number
  title: string
}

/** The order the queue walks: the episode's, or the largest difference from the machine first. */
export type ReviewOrder = 'episode' | 'disagreement'

/** Whether an item still waits for the reviewer: the one rule the queue and its count share. */
const waits = (item: { status: string }): boolean => item.status === 'unreviewed'

/** How many items still wait for the reviewer (the Review tab's count), without putting them in order. */
export function unreviewedCount(view: EpisodeView): number {
  let count = 0
  for (const list of [view.chapters, view.highlights, view.statements])
    for (const item of list) if (waits(item)) count++
  return count
}

/**
 * Every item still waiting for the reviewer, in the order of the episode, or with `disagreement` those
 * in chapters where the reviewer's scores are furthest from the machine's first (the rest after them,
 * in the order of the episode).
 */
export function reviewQueue(view: EpisodeView, order: ReviewOrder = 'episode'): ReviewItem[] {
  const items: ReviewItem[] = [
    ...view.chapters.filter(waits).map((c) => ({
      kind: 'chapter' as const,
      id: c.id,
      time: c.start,
      title: c.title,
    })),
    ...view.highlights.filter(waits).map((h) => ({
      kind: 'highlight' as const,
      id: h.id,
      time: h.time,
      title: h.title,
    })),
    ...view.statements.filter(waits).map((s) => ({
      kind: 'statement' as const,
      id: s.id,
      time: s.start,
      title: s.title,
    })),
  ]
  const kinds: Record<ReviewKind, number> = { chapter: 0, highlight: 1, statement: 2 }
  const inEpisode = items.sort(
    (a, b) => a.time - b.time || kinds[a.kind] - kinds[b.kind] || (a.id < b.id ? -1 : 1),
  )
  if (order === 'episode') return inEpisode
  const apart = new Map(view.chapters.map((c) => [c.id, largestDifference(c)]))
  const statementChapter = new Map(view.statements.map((s) => [s.id, s.chapterId]))
  const chapterOf = (item: ReviewItem): string | null | undefined =>
    item.kind === 'chapter'
      ? item.id
      : item.kind === 'statement'
        ? statementChapter.get(item.id)
        : chapterAt(view.chapters, item.time)?.id
  const difference = new Map(inEpisode.map((item) => [item, apart.get(chapterOf(item) ?? '') ?? 0]))
  // Stable: equal differences, and every item with none, keep the order of the episode.
  return inEpisode.sort((a, b) => (difference.get(b) ?? 0) - (difference.get(a) ?? 0))
}

/** The most any score of a machine chapter was moved from the machine's by the reviewer; 0 when none was. */
export function largestDifference(chapter: ChapterView): number {
  let most = 0
  for (const [key, machine] of Object.entries(chapter.machineScores ?? {})) {
    const own = chapter.scores[key]?.value
    if (machine.value !== null && own !== null && own !== undefined)
      most = Math.max(most, Math.abs(own - machine.value))
  }
  return most
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
