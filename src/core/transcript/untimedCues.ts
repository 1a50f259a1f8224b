import type { TranscriptSnapshot } from './transcriptSnapshot'

/**
 * Whether a span touches a cue without word times (WebVTT and SRT captions), whose words' times are
 * only estimated: built once per transcript revision (see `derived`), asked per statement.
 */
export function untimedCueIndex(transcript: TranscriptSnapshot): (start: number, end: number) => boolean {
  const cues = transcript.segments
    .filter((s) => (transcript.words.get(s.id)?.length ?? 0) === 0)
    .map((s) => ({ start: s.start, end: s.end }))
    .sort((a, b) => a.start - b.start)
  if (cues.length === 0) return () => false
  const longest = cues.reduce((max, c) => Math.max(max, c.end - c.start), 0)
  return (start, end) => {
    // Cues are sorted by start and none is longer than `longest`: earlier ones cannot reach the span.
    let lo = 0
    let hi = cues.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if ((cues[mid]?.start ?? 0) < start - longest) lo = mid + 1
      else hi = mid
    }
    for (let i = lo; i < cues.length; i++) {
      const cue = cues[i]
      if (!cue || cue.start >= end) break
      if (cue.end > start) return true
    }
    return false
  }
}
