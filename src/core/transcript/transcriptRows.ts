import { roundMillis } from '../../shared/time'
import type { Row } from '../history/tables'
import { packWords } from './packedWords'
import type { ParsedTranscript } from './parsedTranscript'

export interface ExistingParticipant {
  id: string
  name: string
  position: number
}

export interface TranscriptRows {
  participants: Row[]
  /** Each with its timed words packed (packedWords.ts). */
  segments: Row[]
}

const nameKey = (name: string): string => name.trim().toLocaleLowerCase()

/**
 * The rows a parsed transcript becomes in an episode. A speaker whose name matches a participant (case
 * folded) is that participant, so a corrected transcript re-imported keeps the editor's mapping; other
 * speakers become new participants with the role "other" until the editor maps them.
 */
export function transcriptRows(
  episodeId: string,
  transcript: ParsedTranscript,
  existing: readonly ExistingParticipant[],
): TranscriptRows {
  const byName = new Map(existing.map((p) => [nameKey(p.name), p.id]))
  const taken = new Set(existing.map((p) => p.id))
  let position = existing.reduce((max, p) => Math.max(max, p.position + 1), 0)
  const participants: Row[] = []
  const speakerId = (speaker: string | null): string | null => {
    if (!speaker) return null
    const known = byName.get(nameKey(speaker))
    if (known) return known
    let n = taken.size + 1
    while (taken.has(`p${n}`)) n++
    const id = `p${n}`
    taken.add(id)
    byName.set(nameKey(speaker), id)
    participants.push({
      episode_id: episodeId,
      id,
      name: speaker.trim(),
      role: 'other',
      affiliation: null,
      position: position++,
    })
    return id
  }
  const segments: Row[] = []
  const ordered = [...transcript.segments].sort((a, b) => a.start - b.start || a.end - b.end)
  ordered.forEach((segment, i) => {
    const id = `s${i + 1}`
    segments.push({
      episode_id: episodeId,
      id,
      start: roundMillis(segment.start),
      end: roundMillis(Math.max(segment.start, segment.end)),
      speaker_id: speakerId(segment.speaker),
      text: segment.text,
      approximate: segment.approximate ? 1 : 0,
      words: packWords(
        segment.words.map((w) => ({
          start: roundMillis(w.start),
          end: roundMillis(Math.max(w.start, w.end)),
          text: w.text,
        })),
      ),
    })
  })
  return { participants, segments }
}
