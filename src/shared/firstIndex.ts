/**
 * Binary search: the first index in `[0, count)` that is not before what is looked for, `count` when
 * every one is. `before(i)` must be true for a run of indexes from 0 and false after it, as "the item
 * at i is less than the value" is in a sorted list. Every sorted lookup of the app is this one search.
 */
export function firstIndex(count: number, before: (i: number) => boolean): number {
  let lo = 0
  let hi = count
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (before(mid)) lo = mid + 1
    else hi = mid
  }
  return lo
}
