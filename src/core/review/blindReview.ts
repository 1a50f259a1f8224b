import type { Db } from '../db/openDatabase'
import { episodeRow } from '../episodes/episodeQueries'
import { UserError } from '../errors'
import { analysisEdit } from '../analysis/analysisEdit'

/** Whether a machine scored any chapter: only then is there a number to keep from the reviewer. */
export const hasMachineScores = (db: Db, episodeId: string): boolean =>
  db
    .prepare(
      `SELECT 1 FROM scores s JOIN chapters c ON c.episode_id = s.episode_id AND c.id = s.chapter_id
       WHERE s.episode_id = ? AND c.origin = 'machine'
         AND (s.machine_value IS NOT NULL OR s.machine_reasoning IS NOT NULL) LIMIT 1`,
    )
    .get(episodeId) !== undefined

/**
 * Scoring blind (or no longer): recorded with the analysis, as `review.blind`, in one undoable edit. What
 * is hidden is the window's to hide; the core keeps every score as it is. Asking for what already holds
 * changes nothing and leaves no step in the history (so an analysis never blind still exports without it).
 */
export function setBlind(db: Db, episodeId: string, blind: boolean): void {
  const row = episodeRow(db, episodeId)
  if ((row.blind === 1) === blind) return
  if (!blind && blindByAssignment(db, episodeId))
    throw new UserError('invalid-request', 'blind scoring is the rule for this assignment (set by the lead)')
  if (blind && !hasMachineScores(db, episodeId))
    throw new UserError(
      'invalid-input',
      'nothing to score blind: no chapter of this episode holds a machine’s scores',
    )
  analysisEdit(db, episodeId, blind ? 'Score blind' : 'Stop scoring blind', (w) =>
    w.update('episodes', { id: episodeId }, { blind: blind ? 1 : 0 }),
  )
}

/**
 * Whether the analysis is this person's work on a desk assignment the lead made blind (the library's copy
 * of the queue, so the rule holds offline too). Under the catalogue's id when a sync named it so.
 */
const blindByAssignment = (db: Db, episodeId: string): boolean =>
  db
    .prepare(
      `SELECT 1 FROM desk_queue WHERE blind = 1 AND analysis_id =
         coalesce((SELECT analysis_id FROM desk_analyses WHERE episode_id = ?), ?)`,
    )
    .get(episodeId, episodeId) !== undefined
