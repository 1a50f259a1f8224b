import { formatClock } from './time'

/** How many segments start after the media's end, and when the last one ends. */
export interface TranscriptExtent {
  segmentCount: number
  segmentsPastEnd: number
  end: number
}

export function transcriptExtent(
  segments: readonly { start: number; end: number }[],
  duration: number,
): TranscriptExtent {
  let segmentsPastEnd = 0
  let end = 0
  for (const s of segments) {
    if (s.start > duration) segmentsPastEnd++
    end = Math.max(end, s.end)
  }
  return { segmentCount: segments.length, segmentsPastEnd, end }
}

/**
 * What the import, the CLI and Problems say of a transcript that runs past the media's end (a longer
 * recording's transcript, or the wrong file): its cues there can never be played. Null when none does.
 */
export function transcriptPastEndSentence(extent: TranscriptExtent, duration: number): string | null {
  const { segmentCount: total, segmentsPastEnd: past } = extent
  if (past === 0) return null
  // The verb agrees with the count that starts: "1 of 2 transcript segments starts".
  return `${past} of ${total} transcript ${total === 1 ? 'segment' : 'segments'} ${past === 1 ? 'starts' : 'start'} after the media's end (${formatClock(duration)}); the transcript runs to ${formatClock(extent.end)}`
}
