import { dimensionKeySchema } from '../../shared/episodeFormat'
import { labelTaken } from '../../shared/rubric'
import type { Db } from '../db/openDatabase'
import { episodeRow } from '../episodes/episodeQueries'
import { UserError } from '../errors'
import type { Row } from '../history/tables'
import { analysisEdit, changedColumns, editLabel } from './analysisEdit'
import { chapterRows, dimensionRow, dimensionRows, unscored } from './analysisRows'
import { keyFromLabel } from './dimensionKey'
import { refuseAtCap } from './itemCaps'

export interface NewDimension {
  label: string
  key?: string | undefined
  description?: string | undefined
  highlightLabel?: string | undefined
}

/** Adds a dimension at the end of the rubric, with an unscored entry on every chapter. */
export function addDimension(db: Db, episodeId: string, input: NewDimension): string {
  episodeRow(db, episodeId)
  refuseAtCap(db, episodeId, 'dimensions')
  const dimensions = dimensionRows(db, episodeId)
  const taken = new Set(dimensions.map((d) => d.key))
  if (input.key !== undefined) {
    if (!dimensionKeySchema.safeParse(input.key).success)
      throw new UserError(
        'invalid-input',
        `"${input.key}" is not a dimension key (camelCase letters and digits)`,
      )
    if (taken.has(input.key))
      throw new UserError('invalid-input', `the rubric already has a dimension with the key "${input.key}"`)
  }
  const duplicate = labelTaken(dimensions, input.label)
  if (duplicate) throw new UserError('invalid-input', duplicate)
  const key = input.key ?? keyFromLabel(input.label, taken)
  const position = dimensions.reduce((max, d) => Math.max(max, d.position + 1), 0)
  analysisEdit(db, episodeId, `Add dimension ${input.label}`, (w) => {
    w.insert('rubric_dimensions', {
      episode_id: episodeId,
      key,
      label: input.label,
      description: input.description ?? '',
      highlight_label: input.highlightLabel ?? input.label,
      position,
    })
    for (const chapter of chapterRows(db, episodeId)) w.insert('scores', unscored(episodeId, chapter.id, key))
  })
  return key
}

export interface DimensionPatch {
  label?: string | undefined
  description?: string | undefined
  highlightLabel?: string | undefined
}

const LABELS = { label: 'Rename dimension' }

/** Changes how a dimension reads; its key stays, since scores and highlights are filed under it. */
export function updateDimension(db: Db, episodeId: string, key: string, patch: DimensionPatch): void {
  const before = dimensionRow(db, episodeId, key)
  const duplicate =
    patch.label === undefined ? null : labelTaken(dimensionRows(db, episodeId), patch.label, key)
  if (duplicate) throw new UserError('invalid-input', duplicate)
  const changes = changedColumns(before as unknown as Row, {
    ...(patch.label !== undefined && { label: patch.label }),
    ...(patch.description !== undefined && { description: patch.description }),
    ...(patch.highlightLabel !== undefined && { highlight_label: patch.highlightLabel }),
  })
  if (Object.keys(changes).length === 0) return
  analysisEdit(db, episodeId, `${editLabel(changes, LABELS, 'Edit dimension')} ${before.label}`, (w) =>
    w.update('rubric_dimensions', { episode_id: episodeId, key }, changes),
  )
}

/** Moves a dimension to index `to` of the rubric (past the end means last); the others close up. */
export function moveDimension(db: Db, episodeId: string, key: string, to: number): void {
  const moved = dimensionRow(db, episodeId, key)
  const dimensions = dimensionRows(db, episodeId)
  const order = dimensions.filter((d) => d.key !== key)
  order.splice(Math.min(to, order.length), 0, moved)
  if (order.every((d, i) => d.key === dimensions[i]?.key)) return
  analysisEdit(db, episodeId, `Move dimension ${moved.label}`, (w) =>
    order.forEach((d, position) => {
      if (d.position !== position)
        w.update('rubric_dimensions', { episode_id: episodeId, key: d.key }, { position })
    }),
  )
}

/** Removes a dimension with every chapter's score on it and its highlight. */
export function removeDimension(db: Db, episodeId: string, key: string): void {
  const { label } = dimensionRow(db, episodeId, key)
  const highlights = db
    .prepare(`SELECT id FROM highlights WHERE episode_id = ? AND dimension_key = ?`)
    .pluck()
    .all(episodeId, key) as string[]
  analysisEdit(db, episodeId, `Remove dimension ${label}`, (w) => {
    for (const chapter of chapterRows(db, episodeId))
      w.delete('scores', { episode_id: episodeId, chapter_id: chapter.id, dimension_key: key })
    for (const id of highlights) w.delete('highlights', { episode_id: episodeId, id })
    w.delete('rubric_dimensions', { episode_id: episodeId, key })
  })
}
