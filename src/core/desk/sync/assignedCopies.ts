import type { ClientBase } from 'pg'
import type { KeptHere } from '../../../shared/contract/desk'
import type { EpisodeDocument } from '../../../shared/episodeFormat'
import type { Db } from '../../db/openDatabase'
import { knownMediaFile } from '../../episodes/knownMedia'
import { UserError } from '../../errors'
import { checkEpisodeDocument } from '../../load/checkEpisodeFile'
import { documentRows } from '../../load/documentRows'
import { parseEpisodeJson } from '../../load/episodeJsonText'
import { freeCopyId, writeLoaded } from '../../load/writeLoaded'
import { catalogueVersion } from '../catalogue/migrateCatalogue'
import { ownAssignments, type AssignmentRow } from '../work/assignmentRows'
import { cacheQueue } from '../work/queueCache'
import { saveDeskAnalysis } from './deskAnalyses'

/** The catalogue schema whose assignments this app reads (003: their title, show and assignment_base). */
export const ASSIGNMENTS_SCHEMA = 3

/** Whether the catalogue holds assignments this app can read: one not yet upgraded syncs as before. */
export const hasAssignments = async (client: ClientBase): Promise<boolean> =>
  (await catalogueVersion(client)) >= ASSIGNMENTS_SCHEMA

/** Whether the library holds (or held: a trashed copy is the reviewer's to restore) an analysis. */
const heldHere = (db: Db, analysisId: string): boolean =>
  db.prepare(`SELECT 1 FROM desk_analyses WHERE analysis_id = ?`).get(analysisId) !== undefined ||
  db.prepare(`SELECT 1 FROM episodes WHERE id = ?`).get(analysisId) !== undefined

/** Of these ids, the ones the catalogue already has (made on another machine of this person's). */
export async function inCatalogue(client: ClientBase, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return []
  const { rows } = await client.query<{ analysis_id: string }>(
    `SELECT DISTINCT analysis_id FROM revisions WHERE analysis_id = ANY($1)`,
    [ids],
  )
  return rows.map((r) => r.analysis_id)
}

/** This person's assignments whose analysis is not in the library. */
export const missingHere = (db: Db, own: readonly AssignmentRow[]): AssignmentRow[] =>
  own.filter((a) => !heldHere(db, a.analysis_id))

/**
 * Makes the reviewer's analysis of each assignment that has none here: a copy of the machine analysis's
 * latest revision, else the episode without anyone's chapters, highlights or statements (the catalogue's
 * assignment_base, readable even while blind scoring hides the other analyses). Named for the person as
 * reviewer, blind when the lead said so, and recorded as this person's under the assignment's id, so the
 * outbox's triggers mark it and the push takes it to the catalogue as theirs.
 */
export async function makeAssignedCopies(
  db: Db,
  client: ClientBase,
  user: string,
  missing: readonly AssignmentRow[],
): Promise<{ made: string[]; kept: KeptHere[] }> {
  const made: string[] = []
  const kept: KeptHere[] = []
  for (const a of missing) {
    const text = await startingDocument(client, a)
    if (text === null) {
      kept.push({
        episodeId: a.analysis_id,
        reason: `assigned, not made: the desk holds no readable analysis of episode ${a.episode}`,
      })
      continue
    }
    try {
      made.push(await writeCopy(db, a, text, user))
    } catch (error) {
      if (!(error instanceof UserError)) throw error
      kept.push({
        episodeId: a.analysis_id,
        reason: `assigned, not made: ${error.message.split('\n').join(' ')}`,
      })
    }
  }
  return { made, kept }
}

async function startingDocument(client: ClientBase, a: AssignmentRow): Promise<string | null> {
  if (a.source_analysis !== null) {
    const { rows } = await client.query<{ document: string }>(
      `SELECT document FROM revisions WHERE analysis_id = $1 ORDER BY revision DESC LIMIT 1`,
      [a.source_analysis],
    )
    if (rows[0]) return rows[0].document
  }
  const { rows } = await client.query<{ document: string | null }>(`SELECT assignment_base($1) AS document`, [
    a.analysis_id,
  ])
  return rows[0]?.document ?? null
}

async function writeCopy(db: Db, a: AssignmentRow, text: string, user: string): Promise<string> {
  const name = `the desk's episode ${a.episode} for ${a.analysis_id}`
  const source = checkEpisodeDocument(parseEpisodeJson(text, name), name)
  const sha256 = source.episode.media?.sha256
  const media = sha256 ? await knownMediaFile(db, sha256) : null
  const { blind: _sourceBlind, ...review } = source.review
  const now = new Date().toISOString()
  return db
    .transaction((): string => {
      const episodeId =
        db.prepare(`SELECT 1 FROM episodes WHERE id = ?`).get(a.analysis_id) === undefined
          ? a.analysis_id
          : freeCopyId(db, a.analysis_id)
      const doc: EpisodeDocument = {
        ...source,
        episode: { ...source.episode, id: episodeId },
        review: {
          ...review,
          // A review copy is work under way; the reviewer is the desk's person, by their role's name.
          status: review.status === 'final' ? 'inReview' : review.status,
          reviewer: user,
          updatedAt: now,
          ...(a.blind && { blind: true }),
        },
      }
      // Recorded first as this person's (revision 0), so the triggers mark it and the push uses the id.
      saveDeskAnalysis(db, {
        episodeId,
        analysisId: a.analysis_id,
        owner: user,
        mine: true,
        revision: 0,
        contentHash: null,
        pending: null,
      })
      writeLoaded(db, documentRows(doc, now), { name }, media && { media, required: false })
      return episodeId
    })
    .immediate()
}

/**
 * Assignments whose analysis has been changed here since it was made move to started: a revision past
 * the first was pushed, or a change waits after the first push. The rows are updated as the catalogue now
 * holds them.
 */
export async function markStarted(db: Db, client: ClientBase, own: AssignmentRow[]): Promise<void> {
  const changed = db.prepare(
    `SELECT 1 FROM desk_analyses d WHERE d.analysis_id = ? AND d.mine = 1
       AND (d.revision > 1 OR (d.revision >= 1 AND EXISTS (SELECT 1 FROM desk_outbox o WHERE o.episode_id = d.episode_id)))`,
  )
  const due = own.filter((a) => a.state === 'assigned' && changed.get(a.analysis_id) !== undefined)
  if (due.length === 0) return
  const { rows } = await client.query<{ analysis_id: string }>(
    `UPDATE assignments SET state = 'started'
     WHERE analysis_id = ANY($1) AND reviewer = current_user AND state = 'assigned' RETURNING analysis_id`,
    [due.map((a) => a.analysis_id)],
  )
  const moved = new Set(rows.map((r) => r.analysis_id))
  for (const a of own) if (moved.has(a.analysis_id)) a.state = 'started'
}

export { cacheQueue, ownAssignments }
