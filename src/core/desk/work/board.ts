import type { ClientBase } from 'pg'
import type { BoardEpisode, CalibrationResult, DriftReport } from '../../../shared/contract/deskWork'
import { sameEpisode } from '../../agreement/agreement'
import { UserError } from '../../errors'
import { boardAgreements, keptAgreementsAhead, worstAlpha } from './boardAgreement'
import { boardRows, episodeChoices, keepsLatestRevisions } from './boardQueries'
import { calibrationOf } from './calibration'
import {
  episodeOfAnalysis,
  latestAnalyses,
  readWithoutJit,
  refusedByRole,
  refuseUnlessLead,
  type CatalogueEpisode,
  type RevisionKey,
} from './catalogueEpisodes'
import type { DeskWorkContext } from './deskWorkContext'
import { driftReport } from './driftQuery'

/**
 * The lead's board: each assigned episode (of one show, or all), its reviewers and their states, and,
 * once two of its analyses are submitted, alpha per dimension over them with its band; the worst agreement
 * first, then the episodes without one. A reviewer is refused: the catalogue would show them only their own.
 */
export function deskBoard(
  context: DeskWorkContext,
  request: { show?: string | undefined },
): Promise<BoardEpisode[]> {
  return context.desk.withConnection(async (client, user) => {
    await refuseUnlessLead(client, user, 'the board')
    await markPublished(client)
    return boardOf(client, context, { show: request.show })
  })
}

/**
 * An episode whose chosen consensus is final at its latest revision (published from the lead's library)
 * has every assignment published: the last state of the desk's work, set as the lead looks at the board.
 */
async function markPublished(client: ClientBase): Promise<void> {
  await client.query(
    `UPDATE assignments s SET state = 'published'
     FROM episode_consensus c
     WHERE c.episode = s.episode AND s.state = 'consensus'
       AND (SELECT r.status FROM revisions r WHERE r.analysis_id = c.analysis_id
            ORDER BY r.revision DESC LIMIT 1) = 'final'`,
  )
}

/** The lead chooses the episode's consensus: an analysis of kind consensus, of that episode. */
export function setConsensus(
  context: DeskWorkContext,
  request: { episode: string; analysis: string },
): Promise<BoardEpisode> {
  return context.desk.withConnection(async (client, user) => {
    await refuseUnlessLead(client, user, 'choosing the consensus')
    const episode = await episodeNamed(client, request.episode)
    const analysis = await analysisOfEpisode(client, episode, request.analysis)
    if (analysis.kind !== 'consensus')
      throw new UserError(
        'invalid-request',
        `${request.analysis} is a ${analysis.kind}'s analysis, not a consensus: build the consensus on the compare screen, sync it, then choose it`,
      )
    await inTransaction(client, 'choosing the consensus', async () => {
      await client.query(
        `INSERT INTO episode_consensus (episode, analysis_id) VALUES ($1, $2)
         ON CONFLICT (episode) DO UPDATE
           SET analysis_id = EXCLUDED.analysis_id, chosen_by = current_user, chosen_at = now()`,
        [episode.episode, analysis.id],
      )
      // Every reviewer's part ends with the consensus: open ones too, which also lifts blind scoring.
      await client.query(
        `UPDATE assignments SET state = 'consensus' WHERE episode = $1 AND state <> 'published'`,
        [episode.episode],
      )
    })
    return boardEpisode(client, context, episode)
  })
}

/** The lead marks any analysis of the episode as its reference, for calibration. */
export function setReference(
  context: DeskWorkContext,
  request: { episode: string; analysis: string },
): Promise<BoardEpisode> {
  return context.desk.withConnection(async (client, user) => {
    await refuseUnlessLead(client, user, 'choosing the reference')
    const episode = await episodeNamed(client, request.episode)
    const analysis = await analysisOfEpisode(client, episode, request.analysis)
    await inTransaction(client, 'choosing the reference', async () => {
      await client.query(
        `INSERT INTO episode_reference (episode, analysis_id) VALUES ($1, $2)
         ON CONFLICT (episode) DO UPDATE
           SET analysis_id = EXCLUDED.analysis_id, chosen_by = current_user, chosen_at = now()`,
        [episode.episode, analysis.id],
      )
    })
    return boardEpisode(client, context, episode)
  })
}

/** Who drifts: see the contract (desk.drift). */
export function deskDrift(
  context: DeskWorkContext,
  request: { show?: string | undefined; since?: string | undefined },
): Promise<DriftReport> {
  return context.desk.withConnection((client) => driftReport(client, context, request))
}

/** A reviewer's difference from the reference on a submitted calibration episode; null otherwise. */
export function calibrationResult(context: DeskWorkContext, id: string): Promise<CalibrationResult | null> {
  return context.desk.withConnection((client) => calibrationOf(context.db, client, id))
}

async function boardOf(
  client: ClientBase,
  context: DeskWorkContext,
  filter: { show?: string | undefined; episode?: string | undefined },
): Promise<BoardEpisode[]> {
  // The library's kept figures are read while PostgreSQL gathers the rows: the query is on its way first.
  const [rows, kept] = await readWithoutJit(client, async () => {
    const keepsLatest = await keepsLatestRevisions(client)
    const asked = boardRows(client, filter, keepsLatest)
    const ahead = keptAgreementsAhead(context.desk, context.db)
    return [await asked, ahead] as const
  })
  const submitted = new Map<string, RevisionKey[]>()
  for (const row of rows) {
    const revisions = row.reviewers.flatMap((r) =>
      r.revision === null ? [] : [{ analysis: r.analysis, revision: r.revision }],
    )
    // Only these need documents: an episode with fewer than two submitted has no agreement to measure.
    if (revisions.length >= 2) submitted.set(row.episode, revisions)
  }
  const agreements = await boardAgreements(client, context.desk, context.db, submitted, kept)
  const board = rows.map((row): BoardEpisode => {
    const agreement = agreements.get(row.episode) ?? null
    return {
      episode: row.episode,
      title: row.title,
      show: row.show,
      reviewers: row.reviewers.map(({ reviewer, analysis, state, removed }) => ({
        reviewer,
        analysis,
        state,
        removed,
      })),
      agreement,
      worst: worstAlpha(agreement),
      consensus: row.consensus,
      reference: row.reference,
    }
  })
  return board.sort(worstFirst)
}

/** Lowest alpha first; episodes without one after, each part by episode. */
function worstFirst(a: BoardEpisode, b: BoardEpisode): number {
  if (a.worst !== b.worst) {
    if (a.worst === null) return 1
    if (b.worst === null) return -1
    return a.worst - b.worst
  }
  return a.episode < b.episode ? -1 : a.episode > b.episode ? 1 : 0
}

/** One episode as the board shows it, assigned or not. */
async function boardEpisode(
  client: ClientBase,
  context: DeskWorkContext,
  episode: CatalogueEpisode,
): Promise<BoardEpisode> {
  const [row] = await boardOf(client, context, { episode: episode.episode })
  if (row) return row
  return {
    episode: episode.episode,
    title: episode.title,
    show: episode.show,
    reviewers: [],
    agreement: null,
    worst: null,
    ...(await episodeChoices(client, episode.episode)),
  }
}

/** The episode an id names (its own, or any of its analyses'), or a refusal naming it. */
async function episodeNamed(client: ClientBase, id: string): Promise<CatalogueEpisode> {
  const episode = await episodeOfAnalysis(client, id)
  if (!episode) throw new UserError('not-found', `the desk has no episode ${id}`)
  return episode
}

/** An analysis of the catalogue that is of `episode` (same media, or the same id), or a refusal. */
async function analysisOfEpisode(client: ClientBase, episode: CatalogueEpisode, id: string) {
  const [analysis] = await latestAnalyses(client, [id])
  if (!analysis) throw new UserError('not-found', `the desk has no analysis ${id}`)
  if (
    !sameEpisode({ id: episode.episode, sha256: episode.media }, { id: analysis.id, sha256: analysis.media })
  )
    throw new UserError(
      'invalid-request',
      `${id} is not an analysis of episode ${episode.episode} (its media differ)`,
    )
  return analysis
}

/** A write of the lead's, all or nothing; the role's refusal said as the desk's rule. */
async function inTransaction(client: ClientBase, what: string, work: () => Promise<void>): Promise<void> {
  await client.query('BEGIN')
  try {
    await work()
    await client.query('COMMIT')
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined)
    throw refusedByRole(error, what)
  }
}
