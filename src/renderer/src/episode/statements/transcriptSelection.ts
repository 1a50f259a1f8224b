import type { TranscriptSegmentView } from '../../../../shared/contract'
import { estimatedWordTimes } from '../../../../shared/estimatedWordTimes'

/** Words the editor selected in the transcript, as a statement would take them. */
export interface SelectedWords {
  start: number
  end: number
  quote: string
  /**
   * The span the words themselves are said in, what a citation of them takes: a word without its own
   * time is placed as the quote check estimates it (its share of the cue), not as the whole cue.
   */
  said: { start: number; end: number }
  /** Where the selection ends on screen, for the button that makes the statement. */
  anchor: { x: number; y: number }
}

/** Whether some of the word's own text is inside the range (not just a boundary touching it). */
function selectsWord(range: Range, word: Element): boolean {
  if (!range.intersectsNode(word)) return false
  const part = document.createRange()
  part.selectNodeContents(word)
  if (range.compareBoundaryPoints(Range.START_TO_START, part) > 0)
    part.setStart(range.startContainer, range.startOffset)
  if (range.compareBoundaryPoints(Range.END_TO_END, part) < 0)
    part.setEnd(range.endContainer, range.endOffset)
  return part.toString().trim() !== ''
}

/**
 * The whole words the document's selection touches inside the transcript, with the span they are said
 * in: from the first word's start to the last word's end. A word without its own time stands for its
 * segment's, so captions without word times still make a statement (over the cues).
 */
export function readTranscriptSelection(
  region: Element,
  segments: ReadonlyMap<string, TranscriptSegmentView>,
): SelectedWords | null {
  const selection = document.getSelection()
  if (!selection || selection.isCollapsed || selection.rangeCount === 0) return null
  const range = selection.getRangeAt(0)
  if (!region.contains(range.commonAncestorContainer)) return null
  const words: { text: string; start: number; end: number; said: { start: number; end: number } }[] = []
  const estimates = new Map<TranscriptSegmentView, ReturnType<typeof estimatedWordTimes>>()
  const estimated = (segment: TranscriptSegmentView, token: number): { start: number; end: number } => {
    let times = estimates.get(segment)
    if (!times) estimates.set(segment, (times = estimatedWordTimes(segment)))
    return times[token] ?? segment
  }
  // Only the rows on screen are in the page (the list is virtualized): a few hundred words at most.
  for (const word of region.querySelectorAll('[data-segment] .word[data-token]')) {
    if (!selectsWord(range, word)) continue
    const segment = segments.get(word.closest<HTMLElement>('[data-segment]')?.dataset.segment ?? '')
    const token = Number((word as HTMLElement).dataset.token)
    if (!segment) continue
    const times = segment.wordTimes[token] ?? [segment.start, segment.end]
    const said = segment.wordTimes[token] ? { start: times[0], end: times[1] } : estimated(segment, token)
    words.push({ text: word.textContent ?? '', start: times[0], end: times[1], said })
  }
  const first = words[0]
  const last = words[words.length - 1]
  if (!first || !last || last.end <= first.start) return null
  const rects = range.getClientRects()
  const edge = rects[rects.length - 1] ?? range.getBoundingClientRect()
  return {
    start: first.start,
    end: last.end,
    quote: words.map((w) => w.text).join(' '),
    said: { start: first.said.start, end: last.said.end },
    anchor: { x: edge.right, y: edge.bottom },
  }
}
