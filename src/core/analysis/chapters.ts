import type { Db } from '../db/openDatabase'
import type { RowWriter } from '../history/rowWriter'
import type { Row } from '../history/tables'
import { analysisEdit, changedColumns, editItem, editLabel } from './analysisEdit'
import { chapterRow, dimensionRows, nextItemId, scoreRows, unscored } from './analysisRows'

export interface NewChapter {
  start: number
  end: number
  title?: string
  why?: string
}

/** Adds a chapter the editor made, with an unscored entry for every dimension of the rubric. */
export function insertChapter(db: Db, w: RowWriter, episodeId: string, chapter: NewChapter): string {
  const id = nextItemId(db, 'chapters', episodeId, 'ch')
  w.insert('chapters', {
    episode_id: episodeId,
    id,
    title: chapter.title ?? '',
    start: chapter.start,
    end: chapter.end,
    why: chapter.why ?? '',
    origin: 'human',
    status: 'accepted',
  })
  for (const d of dimensionRows(db, episodeId)) w.insert('scores', unscored(episodeId, id, d.key))
  return id
}

/** Deletes a chapter with its scores, the scores first so that undo brings them back too. */
export function removeChapter(db: Db, w: RowWriter, episodeId: string, chapterId: string): void {
  for (const s of scoreRows(db, episodeId, chapterId))
    w.delete('scores', { episode_id: episodeId, chapter_id: chapterId, dimension_key: s.dimension_key })
  w.delete('chapters', { episode_id: episodeId, id: chapterId })
}

export interface ChapterPatch {
  title?: string | undefined
  why?: string | undefined
}

const LABELS = { title: 'Rename chapter', why: 'Edit chapter reasoning' }

export function updateChapter(db: Db, episodeId: string, chapterId: string, patch: ChapterPatch): void {
  const before = chapterRow(db, episodeId, chapterId)
  const changes = changedColumns(before as unknown as Row, {
    ...(patch.title !== undefined && { title: patch.title }),
    ...(patch.why !== undefined && { why: patch.why }),
  })
  if (Object.keys(changes).length === 0) return
  analysisEdit(db, episodeId, editLabel(changes, LABELS, 'Edit chapter'), (w) =>
    editItem(db, w, 'chapters', { episode_id: episodeId, id: chapterId }, changes),
  )
}

/** Deletes a chapter and leaves a gap where it was, as a draft may have. */
export function deleteChapter(db: Db, episodeId: string, chapterId: string): void {
  chapterRow(db, episodeId, chapterId)
  analysisEdit(db, episodeId, 'Delete chapter', (w) => removeChapter(db, w, episodeId, chapterId))
}
