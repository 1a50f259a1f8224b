import type { EpisodeDocument } from '../src/shared/episodeFormat'
import { machineEpisode } from './machineEpisode'

/**
 * The machine episode with its transcript replaced by `segments` segments, the i-th saying `text(i)`
 * (a fifth of a second apart): a library of these matches a word as often as a test needs.
 */
export function episodeSaying(id: string, segments: number, text: (i: number) => string): EpisodeDocument {
  const doc = machineEpisode(id)
  if (!doc.transcript) throw new Error('the machine episode has a transcript')
  doc.transcript.segments = Array.from({ length: segments }, (_, i) => ({
    id: `seg${i}`,
    start: i / 5,
    end: i / 5 + 0.1,
    speakerId: 'swyx',
    text: text(i),
    words: [],
  }))
  return doc
}
