import type { TranscriptSnapshot } from './transcriptSnapshot'

interface Timed {
  start: number
  end: number
  text: string
}

// Word times and a hand-set span rarely agree to the millisecond.
const SPAN_MARGIN_SECONDS = 0.5

/**
 * What is said between two times, from the episode's transcript: timed words where the segment has
 * them, else the whole text of the segments that overlap. Built once per transcript revision (see
 * `derived`), asked per statement.
 */
export function spokenTextIndex(transcript: TranscriptSnapshot): (start: number, end: number) => string {
  const pieces: Timed[] = []
  for (const segment of transcript.segments) {
    const timed = transcript.words.get(segment.id)
    if (timed && timed.length > 0) pieces.push(...timed)
    else pieces.push({ start: segment.start, end: segment.end, text: segment.text })
  }
  pieces.sort((a, b) => a.start - b.start)
  const longest = pieces.reduce((max, p) => Math.max(max, p.end - p.start), 0)
  return (start, end) => {
    const from = start - SPAN_MARGIN_SECONDS
    const to = end + SPAN_MARGIN_SECONDS
    // Pieces are sorted by start; none longer than `longest`, so earlier ones cannot reach the span.
    let lo = 0
    let hi = pieces.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if ((pieces[mid]?.start ?? 0) < from - longest) lo = mid + 1
      else hi = mid
    }
    const said: string[] = []
    for (let i = lo; i < pieces.length; i++) {
      const p = pieces[i] as Timed
      if (p.start > to) break
      if (p.end > from) said.push(p.text)
    }
    return said.join(' ')
  }
}
