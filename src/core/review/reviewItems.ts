import type { ReviewKind } from '../../shared/contract'
import { uncite } from '../analysis/evidenceEdits'
import type { Db } from '../db/openDatabase'
import { episodeRow } from '../episodes/episodeQueries'
import { UserError, notFound } from '../errors'
import { analysisEdit } from '../analysis/analysisEdit'
import { removeChapter } from '../analysis/chapters'
import type { RowWriter } from '../history/rowWriter'
import { reviewerName } from './reviewerName'

const TABLES = { chapter: 'chapters', highlight: 'highlights', statement: 'statements' } as const

interface ReviewedRow {
  origin: 'machine' | 'human'
  status: 'unreviewed' | 'accepted' | 'edited'
}

function reviewedRow(db: Db, episodeId: string, kind: ReviewKind, itemId: string): ReviewedRow {
  const row = db
    .prepare(`SELECT origin, status FROM ${TABLES[kind]} WHERE episode_id = ? AND id = ?`)
    .get(episodeId, itemId) as ReviewedRow | undefined
  if (!row) throw notFound(`${kind} ${itemId}`)
  return row
}

/**
 * The first review decision takes a draft into review, and each one names who reviews (`review.reviewer`),
 * in the same step (undo takes it back too).
 */
function startReview(db: Db, w: RowWriter, episodeId: string): void {
  const episode = episodeRow(db, episodeId)
  const reviewer = reviewerName(db)
  const patch = {
    ...(episode.review_status === 'draft' && { review_status: 'inReview' }),
    ...(reviewer !== null && episode.reviewer !== reviewer && { reviewer }),
  }
  if (Object.keys(patch).length > 0) w.update('episodes', { id: episodeId }, patch)
}

const unreviewedScores = (db: Db, episodeId: string, chapterId: string): string[] =>
  db
    .prepare(
      `SELECT dimension_key FROM scores WHERE episode_id = ? AND chapter_id = ? AND review = 'unreviewed'`,
    )
    .pluck()
    .all(episodeId, chapterId) as string[]

/** The reviewer agrees with a machine item as it is. An edited item is reviewed already and stays so. */
export function acceptItem(db: Db, episodeId: string, kind: ReviewKind, itemId: string): void {
  const row = reviewedRow(db, episodeId, kind, itemId)
  if (row.status !== 'unreviewed') return
  analysisEdit(db, episodeId, `Accept ${kind}`, (w) => {
    w.update(TABLES[kind], { episode_id: episodeId, id: itemId }, { status: 'accepted' })
    // A chapter's scores are accepted with it, those the reviewer edited staying edited.
    if (kind === 'chapter')
      for (const dimension_key of unreviewedScores(db, episodeId, itemId))
        w.update(
          'scores',
          { episode_id: episodeId, chapter_id: itemId, dimension_key },
          { review: 'accepted' },
        )
    startReview(db, w, episodeId)
  })
}

/** The reviewer throws a machine item out: it is deleted (undoable), and counted as rejected. */
export function rejectItem(db: Db, episodeId: string, kind: ReviewKind, itemId: string): void {
  const row = reviewedRow(db, episodeId, kind, itemId)
  if (row.origin !== 'machine')
    throw new UserError('invalid-input', `only a machine's ${kind}s are rejected; delete this one instead`)
  analysisEdit(db, episodeId, `Reject ${kind}`, (w) => {
    if (kind === 'chapter') removeChapter(db, w, episodeId, itemId)
    else {
      if (kind === 'statement') {
        const statement = db
          .prepare(`SELECT id, start, end FROM statements WHERE episode_id = ? AND id = ?`)
          .get(episodeId, itemId) as { id: string; start: number; end: number }
        uncite(db, w, episodeId, statement)
      }
      w.delete(TABLES[kind], { episode_id: episodeId, id: itemId })
    }
    startReview(db, w, episodeId)
  })
}
