import type { ReviewReport } from '../../shared/contract'
import type { Db } from '../db/openDatabase'
import { episodeRow } from '../episodes/episodeQueries'
import { chapterScoreDifferences, reviewedItems } from './reviewedItems'

interface ComparedScore {
  dimension_key: string
  label: string
  value: number | null
  machine_value: number | null
}

/**
 * How the reviewer's scores differ from the machine's, per dimension (mean absolute difference over
 * the reviewed machine chapters where both scored, and the scores edited in chapters not accepted yet), how many machine items were accepted, edited
 * and rejected, and what: each edited or rejected item with the machine's fields beside the reviewer's,
 * and each chapter's scores that differ. Rejected items are gone from the tables; their rejections are
 * in the edit history.
 */
export function reviewReport(db: Db, episodeId: string): ReviewReport {
  episodeRow(db, episodeId)
  const dimensions = db
    .prepare(`SELECT key, label FROM rubric_dimensions WHERE episode_id = ? ORDER BY position, key`)
    .all(episodeId) as { key: string; label: string }[]
  const scores = db
    .prepare(
      `SELECT s.dimension_key, d.label, s.value, s.machine_value
       FROM scores s
       JOIN chapters c ON c.episode_id = s.episode_id AND c.id = s.chapter_id
       JOIN rubric_dimensions d ON d.episode_id = s.episode_id AND d.key = s.dimension_key
       WHERE s.episode_id = ? AND c.origin = 'machine' AND (c.status != 'unreviewed' OR s.review = 'edited')`,
    )
    .all(episodeId) as ComparedScore[]
  const counts = (status: string): number =>
    (['chapters', 'highlights', 'statements'] as const).reduce(
      (sum, table) =>
        sum +
        (
          db
            .prepare(
              `SELECT count(*) AS n FROM ${table} WHERE episode_id = ? AND origin = 'machine' AND status = ?`,
            )
            .get(episodeId, status) as { n: number }
        ).n,
      0,
    )
  const rejected = (
    db
      .prepare(
        `SELECT count(*) AS n FROM edit_history WHERE episode_id = ? AND state = 'done' AND label LIKE 'Reject %'`,
      )
      .get(episodeId) as { n: number }
  ).n
  return {
    dimensions: dimensions.map((d) => {
      const pairs = scores.filter(
        (s): s is ComparedScore & { value: number; machine_value: number } =>
          s.dimension_key === d.key && s.value !== null && s.machine_value !== null,
      )
      const mean =
        pairs.length === 0
          ? null
          : Math.round(
              (pairs.reduce((sum, s) => sum + Math.abs(s.value - s.machine_value), 0) / pairs.length) * 100,
            ) / 100
      return { key: d.key, label: d.label, compared: pairs.length, meanAbsoluteDifference: mean }
    }),
    accepted: counts('accepted'),
    edited: counts('edited'),
    rejected,
    unreviewed: counts('unreviewed'),
    items: reviewedItems(db, episodeId),
    chapters: chapterScoreDifferences(db, episodeId),
  }
}
