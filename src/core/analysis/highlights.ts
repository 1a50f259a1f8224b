import type { Db } from '../db/openDatabase'
import { episodeRow } from '../episodes/episodeQueries'
import type { Row } from '../history/tables'
import { analysisEdit, changedColumns, editItem, editLabel } from './analysisEdit'
import { dimensionRow, itemRow, nextItemId, type HighlightRow } from './analysisRows'
import { checkedTime } from './timeChecks'

export interface HighlightInput {
  time?: number | undefined
  title?: string | undefined
  description?: string | undefined
}

const highlightRow = (db: Db, episodeId: string, id: string): HighlightRow =>
  itemRow(db, 'highlights', episodeId, id, 'highlight')

const LABELS = { time: 'Move highlight', title: 'Rename highlight', description: 'Describe highlight' }

/** Writes the fields given, a time checked against the media; nothing at all when they change nothing. */
function editHighlight(
  db: Db,
  episodeId: string,
  before: HighlightRow,
  input: HighlightInput,
  label?: string,
): void {
  const duration = episodeRow(db, episodeId).duration_seconds
  const changes = changedColumns(before as unknown as Row, {
    ...(input.time !== undefined && { time: checkedTime(input.time, duration, 'the highlight time') }),
    ...(input.title !== undefined && { title: input.title }),
    ...(input.description !== undefined && { description: input.description }),
  })
  if (Object.keys(changes).length === 0) return
  analysisEdit(db, episodeId, label ?? editLabel(changes, LABELS, 'Edit highlight'), (w) =>
    editItem(db, w, 'highlights', { episode_id: episodeId, id: before.id }, changes),
  )
}

/**
 * Sets the one highlight of a dimension ("Sharpest disagreement ▶ 6:55"): creates it, or moves and
 * retitles the one there is. Answers its id.
 */
export function setHighlight(
  db: Db,
  episodeId: string,
  dimension: string,
  input: HighlightInput & { time: number },
): string {
  const duration = episodeRow(db, episodeId).duration_seconds
  const { label, highlight_label } = dimensionRow(db, episodeId, dimension)
  const name = `Set highlight ${highlight_label || label}`
  const existing = db
    .prepare(`SELECT * FROM highlights WHERE episode_id = ? AND dimension_key = ?`)
    .get(episodeId, dimension) as HighlightRow | undefined
  if (existing) {
    editHighlight(db, episodeId, existing, input, name)
    return existing.id
  }
  const time = checkedTime(input.time, duration, 'the highlight time')
  const id = nextItemId(db, 'highlights', episodeId, 'hl')
  analysisEdit(db, episodeId, name, (w) =>
    w.insert('highlights', {
      episode_id: episodeId,
      id,
      dimension_key: dimension,
      time,
      title: input.title ?? '',
      description: input.description ?? '',
      origin: 'human',
      status: 'accepted',
    }),
  )
  return id
}

export function updateHighlight(db: Db, episodeId: string, highlightId: string, patch: HighlightInput): void {
  editHighlight(db, episodeId, highlightRow(db, episodeId, highlightId), patch)
}

export function deleteHighlight(db: Db, episodeId: string, highlightId: string): void {
  highlightRow(db, episodeId, highlightId)
  analysisEdit(db, episodeId, 'Delete highlight', (w) =>
    w.delete('highlights', { episode_id: episodeId, id: highlightId }),
  )
}
