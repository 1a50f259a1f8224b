import type { ReviewItem } from './reviewQueue'

const keyOf = (item: Pick<ReviewItem, 'kind' | 'id'>): string => `${item.kind}:${item.id}`

/**
 * Decisions sent to the core whose outcome the shown queue does not hold yet. A decision leaves only
 * when a queue without its item is shown, or when the core refused it: the answer of an accept comes
 * back before React draws the view it carries, and a decision forgotten at the answer would, in that
 * gap, send the reviewer typing A A A back to the item just accepted.
 */
export class DecisionsInFlight {
  private readonly keys = new Set<string>()

  has(item: Pick<ReviewItem, 'kind' | 'id'>): boolean {
    return this.keys.has(keyOf(item))
  }

  sent(item: Pick<ReviewItem, 'kind' | 'id'>): void {
    this.keys.add(keyOf(item))
  }

  /** The core refused it: the item waits again in the queue it never left. */
  refused(item: Pick<ReviewItem, 'kind' | 'id'>): void {
    this.keys.delete(keyOf(item))
  }

  /** A queue is shown: a decision whose item it no longer lists is in it. */
  shown(queue: readonly ReviewItem[]): void {
    // Every view shown passes here: with no decision on its way, a long queue is not gone through.
    if (this.keys.size === 0) return
    const listed = new Set(queue.map(keyOf))
    for (const key of this.keys) if (!listed.has(key)) this.keys.delete(key)
  }

  /** The items of the shown queue that no decision is on its way for. */
  waiting(queue: readonly ReviewItem[]): ReviewItem[] {
    return this.keys.size === 0 ? [...queue] : queue.filter((item) => !this.keys.has(keyOf(item)))
  }
}
