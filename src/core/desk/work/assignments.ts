import type { ClientBase } from 'pg'
import type { Assignment, AssignOutcome, QueueItem } from '../../../shared/contract/deskWork'
import { episodeView } from '../../episodes/episodeQueries'
import { UserError } from '../../errors'
import { exportEpisode } from '../../export/exportEpisode'
import { idWithSuffix } from '../../load/writeLoaded'
import { finalExportProblems } from '../../publish/finalProblems'
import { DeskUnreachableError } from '../connection'
import { ASSIGNMENTS_SCHEMA, hasAssignments } from '../sync/assignedCopies'
import { deskAnalysisOf } from '../sync/deskAnalyses'
import { deskLink } from '../sync/deskLink'
import { assignableEpisodes, type AssignableEpisode } from './assignableEpisodes'
import { planAssignments } from './assignPlan'
import { ASSIGNMENT_COLUMNS, assignmentOf, ownAssignments, type AssignmentRow } from './assignmentRows'
import type { DeskWorkContext } from './deskWorkContext'
import { cacheQueue, cachedAssignment, cachedQueue, catalogueIdOf } from './queueCache'

/** What `desk assign` is asked. */
export interface AssignRequest {
  ids?: string[] | undefined
  show?: string | undefined
  reviewers: string[]
  overlap: number
  calibration?: number | undefined
  due?: string | undefined
  blind?: boolean | undefined
}

const refuse = (message: string, code: 'invalid-input' | 'not-found' | 'conflict' = 'invalid-input') =>
  new UserError(code, message)

/**
 * `desk assign` (the lead's): the episodes (by id, or every episode of a show nobody is assigned yet)
 * to `overlap` of the reviewers each, as planAssignments balances them, in one INSERT. Only people of
 * the desk in the reviewer role are assigned: a lead reads every analysis (the read policy exempts leads),
 * so blind scoring could not hold for one. Episodes given by id that are already assigned are refused,
 * naming them and their reviewers, and nothing is written: a lead adds work on purpose, never twice by
 * a repeated command. `--show` passes them by, as "not yet assigned" says.
 */
export async function assignEpisodes(
  context: DeskWorkContext,
  request: AssignRequest,
): Promise<AssignOutcome> {
  if (request.due !== undefined) checkDay(request.due, '--due')
  const twice = request.reviewers.find((r, i) => request.reviewers.indexOf(r) !== i)
  if (twice !== undefined) throw refuse(`desk assign: --reviewers names ${twice} twice`)
  if (request.overlap > request.reviewers.length)
    throw refuse(
      `desk assign: --overlap ${request.overlap} is more than the ${request.reviewers.length} reviewer${request.reviewers.length === 1 ? '' : 's'} given`,
    )
  return await context.desk.withConnection(async (client, user) => {
    await refuseUnlessLead(client, user, 'desk assign')
    await refuseUnknownReviewers(client, request.reviewers)
    let episodes = await assignableEpisodes(client, request)
    const taken = await assignedAlready(
      client,
      episodes.map((e) => e.episode),
    )
    if (request.ids) {
      const [episode, reviewers] = [...taken][0] ?? []
      if (episode !== undefined)
        throw refuse(
          `desk assign: episode ${episode} is already assigned (to ${(reviewers ?? []).join(', ')})${taken.size > 1 ? ` as are ${taken.size - 1} more of those given` : ''}; nothing was assigned`,
          'conflict',
        )
    } else episodes = episodes.filter((e) => !taken.has(e.episode))
    if (episodes.length === 0) return { assigned: [], calibration: [] }
    const plan = planAssignments({
      episodes: episodes.map((e) => e.episode),
      reviewers: request.reviewers,
      overlap: request.overlap,
      ...(request.calibration !== undefined && { calibrationShare: request.calibration }),
      load: await openLoad(client, request.reviewers),
    })
    const calibration = new Set(plan.calibration)
    const rows = episodes.flatMap((e) =>
      (plan.byEpisode.get(e.episode) ?? []).map((reviewer) =>
        newAssignment(e, reviewer, calibration, request),
      ),
    )
    const inserted = await insertAssignments(client, rows)
    return { assigned: inserted.map(assignmentOf), calibration: plan.calibration }
  })
}

/** `desk queue`: one's own assignments, fresh from the catalogue when it answers, else as last synced. */
export async function deskQueue(context: DeskWorkContext): Promise<QueueItem[]> {
  const { db, desk } = context
  if (!deskLink(db))
    throw refuse('this library is not connected to a desk: episcore desk connect URL', 'not-found')
  try {
    const own = await desk.withConnection(async (client) =>
      (await hasAssignments(client)) ? ownAssignments(client) : [],
    )
    cacheQueue(db, own)
  } catch (error) {
    // Offline: the queue as the last sync left it, which is what the reviewer works from.
    if (!(error instanceof DeskUnreachableError)) throw error
  }
  return cachedQueue(db)
}

/**
 * `desk submit ID` ("Submit to the desk"): the analysis (this library's id) must be one of one's own
 * open assignments and free of what blocks publishing; it is pushed, then its assignment submitted.
 */
export async function submitAnalysis(context: DeskWorkContext, id: string): Promise<QueueItem> {
  const { db, desk } = context
  if (!deskLink(db))
    throw refuse('this library is not connected to a desk: episcore desk connect URL', 'not-found')
  if (db.prepare(`SELECT 1 FROM episodes WHERE id = ? AND trashed_at IS NULL`).get(id) === undefined)
    throw refuse(`desk submit: this library has no analysis ${id}`, 'not-found')
  const analysisId = catalogueIdOf(db, id)
  const own = await desk.withConnection(async (client) => {
    if (!(await hasAssignments(client)))
      throw refuse(
        `desk submit: the desk's catalogue is older than schema ${ASSIGNMENTS_SCHEMA}: its owner runs desk init`,
      )
    return ownAssignments(client)
  })
  cacheQueue(db, own)
  const assignment = own.find((a) => a.analysis_id === analysisId)
  if (!assignment) throw refuse(`desk submit: ${id} is not one of your assignments (desk queue lists them)`)
  if (assignment.state !== 'assigned' && assignment.state !== 'started')
    throw refuse(`desk submit: ${id} is ${assignment.state} already`, 'conflict')
  const problems = finalExportProblems(exportEpisode(db, id), episodeView(db, id))
  if (problems.length > 0)
    throw refuse(
      `desk submit: ${id} is not ready (as for publishing): ${problems.length} problem${problems.length === 1 ? '' : 's'}: ${problems.join('; ')}`,
    )
  await desk.syncWith()
  const synced = deskAnalysisOf(db, id)
  const waiting = db.prepare(`SELECT 1 FROM desk_outbox WHERE episode_id = ?`).get(id) !== undefined
  if (!synced || synced.analysisId !== analysisId || synced.revision < 1 || waiting)
    throw refuse(
      `desk submit: ${id} did not reach the desk as ${analysisId} (desk sync says why); nothing was submitted`,
      'conflict',
    )
  const submitted = await desk.withConnection(async (client) => {
    const { rows } = await client.query<AssignmentRow>(
      `UPDATE assignments SET state = 'submitted', submitted_at = now()
       WHERE analysis_id = $1 AND reviewer = current_user AND state IN ('assigned', 'started')
       RETURNING ${ASSIGNMENT_COLUMNS}`,
      [analysisId],
    )
    if (rows.length === 0)
      throw refuse(
        `desk submit: ${id} is no longer open to submit (sent back or changed by the lead meanwhile)`,
        'conflict',
      )
    return ownAssignments(client)
  })
  cacheQueue(db, submitted)
  const item = cachedAssignment(db, analysisId)
  if (!item) throw refuse(`desk submit: ${id} is no longer one of your assignments`, 'conflict')
  return item
}

/** The lead sends a submitted analysis back to its reviewer with a note: assigned again, to redo. */
export function sendBack(
  context: DeskWorkContext,
  request: { episode: string; reviewer: string; note: string },
): Promise<Assignment> {
  return context.desk.withConnection(async (client, user) => {
    await refuseUnlessLead(client, user, 'desk send-back')
    const { rows } = await client.query<AssignmentRow>(
      `UPDATE assignments SET state = 'assigned', note = $3, submitted_at = NULL
       WHERE (episode = $1 OR analysis_id = $1) AND reviewer = $2 AND state = 'submitted'
       RETURNING ${ASSIGNMENT_COLUMNS}`,
      [request.episode, request.reviewer, request.note],
    )
    const row = rows[0]
    if (row) return assignmentOf(row)
    const { rows: found } = await client.query<{ state: string }>(
      `SELECT state FROM assignments WHERE (episode = $1 OR analysis_id = $1) AND reviewer = $2`,
      [request.episode, request.reviewer],
    )
    const state = found[0]?.state
    throw state === undefined
      ? refuse(
          `desk send-back: episode ${request.episode} is not assigned to ${request.reviewer}`,
          'not-found',
        )
      : refuse(
          `desk send-back: ${request.reviewer}'s work on ${request.episode} is ${state}: only submitted work is sent back`,
          'conflict',
        )
  })
}

/** A calendar day as YYYY-MM-DD that exists (2025-02-30 does not). */
function checkDay(day: string, option: string): void {
  const parsed = new Date(`${day}T00:00:00Z`)
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== day)
    throw refuse(`desk assign: ${option} ${day} is not a date (YYYY-MM-DD)`)
}

async function refuseUnlessLead(client: ClientBase, user: string, what: string): Promise<void> {
  const { rows } = await client.query<{ lead: boolean }>(
    `SELECT pg_has_role(current_user, 'episcore_lead', 'member') AS lead`,
  )
  if (rows[0]?.lead !== true)
    throw new UserError('invalid-request', `${what} is the lead's: ${user} is not a lead of this desk`)
}

/** Each reviewer must be a person of the desk, in the reviewer role, who can still log in. */
async function refuseUnknownReviewers(client: ClientBase, reviewers: readonly string[]): Promise<void> {
  const { rows } = await client.query<{ name: string; role: string; login: boolean }>(
    `SELECT p.name::text AS name, p.role, EXISTS (SELECT 1 FROM pg_roles r WHERE r.rolname = p.name) AS login
     FROM people p WHERE p.name = ANY($1::name[])`,
    [reviewers],
  )
  const byName = new Map(rows.map((r) => [r.name, r]))
  for (const name of reviewers) {
    const person = byName.get(name)
    if (!person)
      throw refuse(
        `desk assign: unknown reviewer ${name}: not a person of this desk (desk add-person ${name} --role reviewer)`,
        'not-found',
      )
    if (person.role !== 'reviewer')
      throw refuse(
        `desk assign: ${name} is a ${person.role} of this desk, not a reviewer: only reviewers are assigned`,
      )
    if (!person.login) throw refuse(`desk assign: ${name} was removed from this desk (no login any more)`)
  }
}

/** Each episode's reviewers already on it. */
async function assignedAlready(
  client: ClientBase,
  episodes: readonly string[],
): Promise<Map<string, string[]>> {
  const { rows } = await client.query<{ episode: string; reviewer: string }>(
    `SELECT episode, reviewer::text AS reviewer FROM assignments WHERE episode = ANY($1::text[]) ORDER BY episode, reviewer`,
    [episodes],
  )
  const taken = new Map<string, string[]>()
  for (const r of rows) taken.set(r.episode, [...(taken.get(r.episode) ?? []), r.reviewer])
  return taken
}

/** The open work each reviewer holds: the plan gives the call's remainder to the least loaded. */
async function openLoad(client: ClientBase, reviewers: readonly string[]): Promise<Record<string, number>> {
  const { rows } = await client.query<{ reviewer: string; n: number }>(
    `SELECT reviewer::text AS reviewer, count(*)::int AS n FROM assignments
     WHERE reviewer = ANY($1::name[]) AND state IN ('assigned', 'started') GROUP BY reviewer`,
    [reviewers],
  )
  return Object.fromEntries(rows.map((r) => [r.reviewer, r.n]))
}

interface NewAssignment {
  episode: string
  media: string | null
  reviewer: string
  analysis: string
  source: string | null
  due: string | null
  blind: boolean
  calibration: boolean
  title: string | null
  show: string | null
}

/** The reviewer's analysis is named after the machine's (a copy of it) or the episode, cut to fit 64. */
const newAssignment = (
  e: AssignableEpisode,
  reviewer: string,
  calibration: ReadonlySet<string>,
  request: AssignRequest,
): NewAssignment => ({
  episode: e.episode,
  media: e.media,
  reviewer,
  analysis: idWithSuffix(e.machine ?? e.episode, `-${reviewer}`),
  source: e.machine,
  due: request.due ?? null,
  blind: request.blind === true,
  calibration: calibration.has(e.episode),
  title: e.title,
  show: e.show,
})

/**
 * Every row in one statement (so one transaction): arrays through unnest, each a short text. A row the
 * catalogue already holds (another lead meanwhile, or two ids cut to one) refuses the whole call.
 */
async function insertAssignments(
  client: ClientBase,
  rows: readonly NewAssignment[],
): Promise<AssignmentRow[]> {
  try {
    const { rows: inserted } = await client.query<AssignmentRow>(
      `INSERT INTO assignments (episode, media_sha256, reviewer, analysis_id, source_analysis, due, blind,
         calibration, title, show)
       SELECT * FROM unnest($1::text[], $2::text[], $3::name[], $4::text[], $5::text[], $6::date[],
         $7::boolean[], $8::boolean[], $9::text[], $10::text[])
       RETURNING ${ASSIGNMENT_COLUMNS}`,
      [
        rows.map((r) => r.episode),
        rows.map((r) => r.media),
        rows.map((r) => r.reviewer),
        rows.map((r) => r.analysis),
        rows.map((r) => r.source),
        rows.map((r) => r.due),
        rows.map((r) => r.blind),
        rows.map((r) => r.calibration),
        rows.map((r) => r.title),
        rows.map((r) => r.show),
      ],
    )
    return inserted
  } catch (error) {
    const code = (error as { code?: unknown }).code
    if (code === '23505')
      throw refuse(
        `desk assign: ${(error as { detail?: string }).detail ?? 'an assignment exists already'} (assigned meanwhile); nothing was assigned`,
        'conflict',
      )
    if (code === '42501') throw refuse(`desk assign: the desk refused it: only a lead assigns`)
    throw error
  }
}
