import type { TranscriptSnapshot } from './transcriptSnapshot'
import { firstIndex } from '../../shared/firstIndex'

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
    for (
      let i = firstIndex(cues.length, (k) => (cues[k]?.start ?? 0) < start - longest);
      i < cues.length;
      i++
    ) {
      const cue = cues[i]
      if (!cue || cue.start >= end) break
      if (cue.end > start) return true
    }
    return false
  }
}
