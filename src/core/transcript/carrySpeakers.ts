import type { ParsedSegment } from './parsedTranscript'

// Captioners name a speaker on the first cue of a turn only; a turn's cues follow one another closely,
// while a pause of two seconds or more may hand the floor to someone the file does not name.
const SAME_TURN_GAP_SECONDS = 2

/**
 * Gives a cue without a speaker name the speaker of the cue just before it when less than two seconds
 * separate them (that cue named, or given a name so itself): the rest of a turn whose first cue said
 * "Sarah: …". Answers how many cues were given a speaker so, for the import to say.
 */
export function carrySpeakers(segments: ParsedSegment[]): number {
  let carried = 0
  for (let i = 1; i < segments.length; i++) {
    const before = segments[i - 1]
    const cue = segments[i]
    if (!before || !cue || cue.speaker !== null || before.speaker === null) continue
    if (cue.start - before.end >= SAME_TURN_GAP_SECONDS) continue
    cue.speaker = before.speaker
    carried++
  }
  return carried
}

export const carriedWarning = (carried: number): string[] =>
  carried === 0
    ? []
    : [
        `${carried} ${carried === 1 ? 'cue' : 'cues'} without a speaker name given the speaker of the cue before (less than 2 s between them)`,
      ]
