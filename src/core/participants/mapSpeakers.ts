import { randomUUID } from 'node:crypto'
import type { SpeakerMapping } from '../../shared/contract'
import type { Db } from '../db/openDatabase'
import { episodeRow } from '../episodes/episodeQueries'
import { UserError } from '../errors'
import { applyEdit } from '../history/editHistory'
import { IMPORT_LABEL } from '../transcript/importTranscript'
import type { RowWriter } from '../history/rowWriter'

interface ParticipantRow {
  id: string
  name: string
}

/** Points every segment and statement of one participant at another (or at nobody). */
export function reassign(db: Db, w: RowWriter, episodeId: string, from: string, to: string | null): void {
  for (const table of ['transcript_segments', 'statements'] as const) {
    const ids = db
      .prepare(`SELECT id FROM ${table} WHERE episode_id = ? AND speaker_id = ?`)
      .all(episodeId, from) as { id: string }[]
    for (const { id } of ids) w.update(table, { episode_id: episodeId, id }, { speaker_id: to })
  }
}

/**
 * Maps the transcript's speakers to participants, all in one undoable edit: a speaker is kept as a
 * participant (named and given a role and, if asked, an affiliation), merged into another participant, or made an unknown speaker.
 */
export function mapSpeakers(db: Db, episodeId: string, mappings: readonly SpeakerMapping[]): void {
  episodeRow(db, episodeId)
  const participants = db
    .prepare(`SELECT id, name FROM participants WHERE episode_id = ?`)
    .all(episodeId) as ParticipantRow[]
  const known = new Map(participants.map((p) => [p.id, p]))
  const removed = new Set(mappings.filter((m) => m.to.kind !== 'self').map((m) => m.participantId))
  for (const m of mappings) {
    if (!known.has(m.participantId))
      throw new UserError('not-found', `participant ${m.participantId} does not exist`)
    if (m.to.kind !== 'participant') continue
    const target = known.get(m.to.participantId)
    if (!target) throw new UserError('not-found', `participant ${m.to.participantId} does not exist`)
    if (m.to.participantId === m.participantId || removed.has(m.to.participantId))
      throw new UserError(
        'invalid-input',
        `${known.get(m.participantId)?.name ?? m.participantId} cannot be merged into ${target.name}, which is merged away itself`,
      )
  }
  // Mapped right after an import (nothing done between), the speakers are part of that import: one
  // undo takes back both, never leaving a new transcript with the old speakers' mapping.
  const afterImport = episodeRow(db, episodeId).speakers_mapped === 0
  const joins = (last: string): boolean => afterImport && last.startsWith(`${IMPORT_LABEL} `)
  applyEdit(
    db,
    episodeId,
    'Map speakers',
    (w) => {
      for (const m of mappings) {
        const key = { episode_id: episodeId, id: m.participantId }
        if (m.to.kind === 'self') {
          const { name, role, affiliation } = m.to
          w.update('participants', key, {
            name,
            role,
            ...(affiliation !== undefined && { affiliation: affiliation || null }),
          })
          continue
        }
        reassign(db, w, episodeId, m.participantId, m.to.kind === 'participant' ? m.to.participantId : null)
        w.delete('participants', key)
      }
      w.update(
        'episodes',
        { id: episodeId },
        { speakers_mapped: 1, transcript_rev: randomUUID(), updated_at: new Date().toISOString() },
      )
    },
    { joins },
  )
}
