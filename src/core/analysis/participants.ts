import { randomUUID } from 'node:crypto'
import type { Role } from '../../shared/episodeFormat'
import type { Db } from '../db/openDatabase'
import { episodeRow } from '../episodes/episodeQueries'
import type { Row } from '../history/tables'
import { reassign } from '../participants/mapSpeakers'
import { analysisEdit, changedColumns, editLabel } from './analysisEdit'
import { itemRow, nextItemId, type ParticipantRow } from './analysisRows'
import { refuseAtCap } from './itemCaps'

export interface ParticipantInput {
  name?: string | undefined
  role?: Role | undefined
  affiliation?: string | null | undefined
}

const participantRow = (db: Db, episodeId: string, id: string): ParticipantRow =>
  itemRow(db, 'participants', episodeId, id, 'participant')

// An empty affiliation is no affiliation: episode JSON then says `null`, as for a participant never given one.
const affiliationOf = (affiliation: string | null | undefined): string | null => affiliation || null

/** Adds a participant at the end of the list; answers the new id. */
export function addParticipant(
  db: Db,
  episodeId: string,
  input: ParticipantInput & { name: string; role: Role },
): string {
  episodeRow(db, episodeId)
  refuseAtCap(db, episodeId, 'participants')
  const id = nextItemId(db, 'participants', episodeId, 'p')
  const position = (
    db
      .prepare(`SELECT coalesce(max(position) + 1, 0) AS n FROM participants WHERE episode_id = ?`)
      .get(episodeId) as {
      n: number
    }
  ).n
  analysisEdit(db, episodeId, 'Add participant', (w) =>
    w.insert('participants', {
      episode_id: episodeId,
      id,
      name: input.name,
      role: input.role,
      affiliation: affiliationOf(input.affiliation),
      position,
    }),
  )
  return id
}

const LABELS = {
  name: 'Rename participant',
  role: 'Change participant role',
  affiliation: 'Change affiliation',
}

export function updateParticipant(
  db: Db,
  episodeId: string,
  participantId: string,
  patch: ParticipantInput,
): void {
  const before = participantRow(db, episodeId, participantId)
  const changes = changedColumns(before as unknown as Row, {
    ...(patch.name !== undefined && { name: patch.name }),
    ...(patch.role !== undefined && { role: patch.role }),
    ...(patch.affiliation !== undefined && { affiliation: affiliationOf(patch.affiliation) }),
  })
  if (Object.keys(changes).length === 0) return
  analysisEdit(db, episodeId, editLabel(changes, LABELS, 'Edit participant'), (w) =>
    w.update('participants', { episode_id: episodeId, id: participantId }, changes),
  )
}

/**
 * Removes a participant; what they said stays, by an unknown speaker. The transcript's revision moves
 * when segments lose their speaker, so an open transcript is fetched again.
 */
export function removeParticipant(db: Db, episodeId: string, participantId: string): void {
  participantRow(db, episodeId, participantId)
  const spoke = db
    .prepare(`SELECT 1 FROM transcript_segments WHERE episode_id = ? AND speaker_id = ? LIMIT 1`)
    .get(episodeId, participantId)
  analysisEdit(db, episodeId, 'Remove participant', (w) => {
    reassign(db, w, episodeId, participantId, null)
    w.delete('participants', { episode_id: episodeId, id: participantId })
    if (spoke) w.update('episodes', { id: episodeId }, { transcript_rev: randomUUID() })
  })
}
