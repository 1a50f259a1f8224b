import type { TranscriptView } from '../../shared/contract'
import { alignWords, tokensOf } from '../../shared/transcriptTokens'
import type { Db } from '../db/openDatabase'
import { derived, transcriptSnapshot, type TranscriptSnapshot } from './transcriptSnapshot'

/**
 * The transcript as the panel shows it: each segment's tokens with the times of the words they match.
 * Sent apart from the episode view because it is the one large thing, fetched again only when its
 * revision changes; built once per revision.
 */
export function transcriptView(db: Db, episodeId: string): TranscriptView {
  return derived(transcriptSnapshot(db, episodeId), panelTranscript)
}

function panelTranscript({ rev, segments, words }: TranscriptSnapshot): TranscriptView {
  return {
    rev,
    segments: segments.map((s) => ({
      id: s.id,
      start: s.start,
      end: s.end,
      speakerId: s.speaker_id,
      text: s.text,
      approximate: s.approximate === 1,
      wordTimes: alignWords(tokensOf(s.text), words.get(s.id) ?? []).map((w): [number, number] | null =>
        w ? [w.start, w.end] : null,
      ),
    })),
  }
}
