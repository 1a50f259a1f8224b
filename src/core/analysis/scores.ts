import type { Db } from '../db/openDatabase'
import { episodeRow } from '../episodes/episodeQueries'
import { scoreValueProblem } from '../../shared/scoreScale'
import { UserError } from '../errors'
import { readRow, type RowChange } from '../history/rowWriter'
import { analysisEdit, changedColumns } from './analysisEdit'
import { typedOver } from '../agreement/provenance'
import { chapterRow, dimensionRow, unscored } from './analysisRows'
import { reasoningIsStale, type StoredScoreRow } from './staleReasoning'

export interface ScoreInput {
  /** An integer on the episode's scale, or `null` for not scored; left as it is when missing. */
  value?: number | null | undefined
  reasoning?: string | undefined
  /** The same gesture as the last edit when that one set this score: one undo step for both. */
  amend?: boolean | undefined
}

/** Scores one chapter on one dimension: its value, its reasoning or both. */
export function setScore(
  db: Db,
  episodeId: string,
  chapterId: string,
  dimension: string,
  input: ScoreInput,
): void {
  const { scale_min: min, scale_max: max } = episodeRow(db, episodeId)
  chapterRow(db, episodeId, chapterId)
  const { label } = dimensionRow(db, episodeId, dimension)
  const { value, reasoning } = input
  const problem = value === null || value === undefined ? null : scoreValueProblem(value, { min, max })
  if (problem) throw new UserError('invalid-input', problem)
  const key = { episode_id: episodeId, chapter_id: chapterId, dimension_key: dimension }
  const before = readRow(db, 'scores', key)
  const wanted = {
    ...(value !== undefined && { value }),
    ...(reasoning !== undefined && { reasoning }),
  }
  if (before && Object.keys(changedColumns(before, wanted)).length === 0) return
  const sameScore = (last: RowChange[]): boolean =>
    last.some(
      (c) =>
        c.table === 'scores' &&
        c.key.episode_id === episodeId &&
        c.key.chapter_id === chapterId &&
        c.key.dimension_key === dimension,
    )
  analysisEdit(
    db,
    episodeId,
    `Score ${label}`,
    (w) => {
      // The score is marked edited, not its chapter: accepting the chapter is still the reviewer's to do,
      // with the rest of its scores in view.
      // In a consensus, a value or reasoning typed here no longer comes from the source it was taken from.
      const typed = before ? typedOver(before.extensions) : null
      // A value typed again is given on this version's scale: no longer one to rescore.
      const rescored = value !== undefined && value !== null && before?.rescore === 1
      if (before)
        w.update('scores', key, {
          ...wanted,
          ...(rescored && { rescore: 0 }),
          review: 'edited',
          ...(typed && { extensions: typed }),
        })
      else w.insert('scores', { ...unscored(episodeId, chapterId, dimension), ...wanted, review: 'edited' })
    },
    input.amend ? sameScore : undefined,
  )
}

/**
 * The reviewer keeps a machine's reasoning for a score they changed, as right for the new value too: the
 * reasoning stops blocking publishing until the score changes again. Nothing to keep, nothing changes.
 */
export function confirmReasoning(db: Db, episodeId: string, chapterId: string, dimension: string): void {
  chapterRow(db, episodeId, chapterId)
  const { label } = dimensionRow(db, episodeId, dimension)
  const key = { episode_id: episodeId, chapter_id: chapterId, dimension_key: dimension }
  const score = readRow(db, 'scores', key) as StoredScoreRow | null
  if (!score || !reasoningIsStale(score)) return
  analysisEdit(db, episodeId, `Keep reasoning of ${label}`, (w) =>
    w.update('scores', key, { reasoning_confirmed_value: score.value }),
  )
}
