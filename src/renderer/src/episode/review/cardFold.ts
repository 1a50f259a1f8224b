/**
 * What the review card hides below its fold. `A` accepts everything the card shows, so while part of it
 * was never on screen (a rubric too long for the card) it refuses, until the card has been scrolled to
 * its end for that item.
 */
export interface CardFold {
  element: HTMLElement | null
  /** The item (`kind:id`) whose card was last scrolled to its end. */
  seenEndOf: string | null
}

export const newCardFold = (): CardFold => ({ element: null, seenEndOf: null })

// A fraction of a pixel is left over at some zoom levels.
const SLACK = 2

const overflows = (el: HTMLElement): boolean => el.scrollHeight > el.clientHeight + SLACK

const atEnd = (el: HTMLElement): boolean => el.scrollTop + el.clientHeight >= el.scrollHeight - SLACK

/** Notes that the card of `itemKey` reached its end (or has nothing below its fold). */
export function noteCardScroll(fold: CardFold, itemKey: string | null): void {
  const el = fold.element
  if (el && itemKey !== null && (!overflows(el) || atEnd(el))) fold.seenEndOf = itemKey
}

/** Whether part of the card of `itemKey` was never scrolled into view. */
export function hidesUnseen(fold: CardFold, itemKey: string): boolean {
  const el = fold.element
  if (!el || !overflows(el)) return false
  return fold.seenEndOf !== itemKey && !atEnd(el)
}
