import type { ClientBase } from 'pg'
import type { Assignment } from '../../../shared/contract/deskWork'

/**
 * An assignment as the catalogue holds it, read with ASSIGNMENT_COLUMNS: the contract's Assignment under
 * the catalogue's column names, with the two columns the sync needs to make the reviewer's copy.
 */
export type AssignmentRow = Omit<Assignment, 'analysis'> & {
  analysis_id: string
  source_analysis: string | null
  media_sha256: string | null
}

/** The columns of AssignmentRow: the date as text (pg would make a Date of it in the local zone). */
export const ASSIGNMENT_COLUMNS = `episode, reviewer::text AS reviewer, analysis_id, source_analysis, media_sha256,
  state, to_char(due, 'YYYY-MM-DD') AS due, blind, calibration, note, title, show`

export const assignmentOf = (row: AssignmentRow): Assignment => ({
  episode: row.episode,
  reviewer: row.reviewer,
  analysis: row.analysis_id,
  state: row.state,
  due: row.due,
  blind: row.blind,
  calibration: row.calibration,
  note: row.note,
  title: row.title,
  show: row.show,
})

/** This person's own assignments (a lead reads everyone's, so the reviewer is named), due first. */
export async function ownAssignments(client: ClientBase): Promise<AssignmentRow[]> {
  const { rows } = await client.query<AssignmentRow>(
    `SELECT ${ASSIGNMENT_COLUMNS} FROM assignments WHERE reviewer = current_user
     ORDER BY due NULLS LAST, assigned_at, episode`,
  )
  return rows
}
