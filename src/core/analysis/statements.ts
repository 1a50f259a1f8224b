import type { Db } from '../db/openDatabase'
import { episodeRow } from '../episodes/episodeQueries'
import { notFound } from '../errors'
import { readRow } from '../history/rowWriter'
import type { Row } from '../history/tables'
import { analysisEdit, changedColumns, editItem, editLabel } from './analysisEdit'
import { itemRow, nextItemId, type StatementRow } from './analysisRows'
import { spanTranscript } from './spanTranscript'
import { checkedSpan } from './timeChecks'

export interface NewStatement {
  start: number
  end: number
  title?: string | undefined
  quote?: string | undefined
}

export interface StatementPatch {
  title?: string | undefined
  quote?: string | undefined
  start?: number | undefined
  end?: number | undefined
  speakerId?: string | null | undefined
}

const statementRow = (db: Db, episodeId: string, id: string): StatementRow =>
  itemRow(db, 'statements', episodeId, id, 'statement')

/**
 * Adds a statement over a span. Unless given, its quote is what the transcript says there and its
 * speaker whoever speaks longest there, which is what the editor would otherwise copy by hand.
 */
export function createStatement(db: Db, episodeId: string, input: NewStatement): string {
  const { start, end } = checkedSpan(input.start, input.end, episodeRow(db, episodeId).duration_seconds)
  const said = spanTranscript(db, episodeId, start, end)
  const id = nextItemId(db, 'statements', episodeId, 'st')
  analysisEdit(db, episodeId, 'Add statement', (w) =>
    w.insert('statements', {
      episode_id: episodeId,
      id,
      title: input.title ?? '',
      quote: input.quote ?? said.text,
      start,
      end,
      speaker_id: said.speakerId,
      origin: 'human',
      status: 'accepted',
    }),
  )
  return id
}

const LABELS = {
  title: 'Rename statement',
  quote: 'Edit statement quote',
  start: 'Move statement',
  end: 'Move statement',
  speaker_id: 'Change statement speaker',
}

export function updateStatement(db: Db, episodeId: string, statementId: string, patch: StatementPatch): void {
  const duration = episodeRow(db, episodeId).duration_seconds
  const before = statementRow(db, episodeId, statementId)
  const { start, end } = checkedSpan(patch.start ?? before.start, patch.end ?? before.end, duration)
  if (patch.speakerId && !readRow(db, 'participants', { episode_id: episodeId, id: patch.speakerId }))
    throw notFound(`participant ${patch.speakerId}`)
  const wanted: Row = {
    start,
    end,
    ...(patch.title !== undefined && { title: patch.title }),
    ...(patch.quote !== undefined && { quote: patch.quote }),
    ...(patch.speakerId !== undefined && { speaker_id: patch.speakerId }),
  }
  const changes = changedColumns(before as unknown as Row, wanted)
  if (Object.keys(changes).length === 0) return
  const key = { episode_id: episodeId, id: statementId }
  analysisEdit(db, episodeId, editLabel(changes, LABELS, 'Edit statement'), (w) =>
    editItem(db, w, 'statements', key, changes),
  )
}

export function deleteStatement(db: Db, episodeId: string, statementId: string): void {
  statementRow(db, episodeId, statementId)
  analysisEdit(db, episodeId, 'Delete statement', (w) =>
    w.delete('statements', { episode_id: episodeId, id: statementId }),
  )
}
