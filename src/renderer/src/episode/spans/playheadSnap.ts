import type { SnapTargets } from './spanSnapping'
import { firstIndex } from '../../../../shared/firstIndex'

/** How far a key-set edge in a pause between words may move to reach a word. */
export const PLAYHEAD_SNAP_REACH = 0.5

/**
 * Longer than any word: a unit this long is a caption cue (SRT, plain text, VTT without word times),
 * whose inside the editor marks on purpose, not a word to keep whole.
 */
export const LONGEST_WORD = 2

/** Index of the last element of `sorted` at or before `time` (-1 when none is). */
function lastAtOrBefore(sorted: Float64Array, time: number): number {
  return firstIndex(sorted.length, (i) => (sorted[i] as number) <= time) - 1
}

/** Index of the first element of `sorted` after `time` (`sorted.length` when none is). */
const firstAfter = (sorted: Float64Array, time: number): number => lastAtOrBefore(sorted, time) + 1

/**
 * Where an edge set from the playhead by a key (`[`, `]`, Shift+[, Shift+]) goes, so that it never cuts
 * a word, as a drag never does: inside a word, a start goes back to the word's start and an end on to
 * its end (the word the playhead is in belongs to the span); in a pause, a start goes on to the next
 * word and an end back to the last one, when that word is within `reach`. Otherwise the time stays.
 * Inside a caption cue with no word times, an edge goes to the cue's start or end only within `reach`.
 */
export function snapEdgeToWords(
  targets: SnapTargets,
  time: number,
  edge: 'start' | 'end',
  reach = PLAYHEAD_SNAP_REACH,
): number {
  const { starts, ends } = targets
  const startIndex = lastAtOrBefore(starts, time)
  const wordStart = startIndex >= 0 ? (starts[startIndex] as number) : null
  // The word that started last before the playhead ends at the first end after its start.
  const wordEnd = wordStart === null ? null : (ends[firstAfter(ends, wordStart)] ?? null)
  if (wordStart !== null && wordEnd !== null && time < wordEnd) {
    if (wordEnd - wordStart <= LONGEST_WORD) return edge === 'start' ? wordStart : wordEnd
    // Inside a cue: only an edge pressed close to one of its ends goes to it.
    if (edge === 'start') return time - wordStart <= reach ? wordStart : time
    return wordEnd - time <= reach ? wordEnd : time
  }
  if (edge === 'start') {
    const next = starts[firstAfter(starts, time)]
    return next !== undefined && next - time <= reach ? next : time
  }
  const previous = ends[lastAtOrBefore(ends, time)]
  return previous !== undefined && time - previous <= reach ? previous : time
}
