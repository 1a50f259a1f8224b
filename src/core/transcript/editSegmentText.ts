import { randomUUID } from 'node:crypto'
import { alignWords, keepWordTimes, tokensOf } from '../../shared/transcriptTokens'
import type { Db } from '../db/openDatabase'
import type { SegmentRow } from '../episodes/episodeRows'
import { notFound } from '../errors'
import { applyEdit } from '../history/editHistory'
import { packWords } from './packedWords'
import { transcriptSnapshot } from './transcriptSnapshot'

/**
 * Changes one segment's text as one undoable edit; word times stay where the words still match. The
 * segment is marked edited by hand, so an import that would replace it asks first.
 */
export function editSegmentText(db: Db, episodeId: string, segmentId: string, text: string): void {
  const segment = db
    .prepare(`SELECT * FROM transcript_segments WHERE episode_id = ? AND id = ?`)
    .get(episodeId, segmentId) as SegmentRow | undefined
  if (!segment) throw notFound(`transcript segment ${segmentId}`)
  const normalized = tokensOf(text).join(' ')
  if (normalized === segment.text) return
  const oldWords = transcriptSnapshot(db, episodeId).words.get(segmentId) ?? []
  const kept = keepWordTimes(alignWords(tokensOf(segment.text), oldWords), normalized)
  applyEdit(db, episodeId, 'Edit transcript text', (w) => {
    w.update(
      'transcript_segments',
      { episode_id: episodeId, id: segmentId },
      { text: normalized, edited: 1, words: packWords(kept) },
    )
    w.update(
      'episodes',
      { id: episodeId },
      { transcript_rev: randomUUID(), updated_at: new Date().toISOString() },
    )
  })
}
