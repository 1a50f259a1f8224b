import type { ClientBase } from 'pg'
import type { AssignmentState } from '../../../shared/contract/deskWork'
import { SUBMITTED_STATES } from './catalogueEpisodes'

/** One reviewer of an episode as the board reads them. */
export interface BoardReviewer {
  reviewer: string
  analysis: string
  state: AssignmentState
  /** No longer in `people`, or their login role is gone. */
  removed: boolean
  /** The latest revision of the reviewer's analysis once submitted; null before (or if never pushed). */
  revision: number | null
}

/** One assigned episode as the board reads it: its facts and its reviewers, no documents. */
export interface BoardRow {
  episode: string
  title: string | null
  show: string | null
  reviewers: BoardReviewer[]
  consensus: string | null
  reference: string | null
}

/**
 * Every assigned episode (of one show, or one episode), a row each with its reviewers gathered as JSON:
 * a season is 10,000 rows rather than 20,000 repeating the episode's facts. `keepsLatest`: the
 * catalogue keeps each analysis's latest revision number ({@link keepsLatestRevisions}). Title and show are the
 * assignment's own (written by desk assign), else the episode analysis's latest revision's.
 */
export async function boardRows(
  client: ClientBase,
  filter: { show?: string | undefined; episode?: string | undefined },
  keepsLatest: boolean,
): Promise<BoardRow[]> {
  // Kept by the catalogue as revisions arrive (its migration 5); read from the revisions in an older one.
  const latestRevision = keepsLatest
    ? '(SELECT l.revision FROM latest_revisions l WHERE l.analysis_id = s.analysis_id)'
    : '(SELECT max(r.revision) FROM revisions r WHERE r.analysis_id = s.analysis_id)'
  const latest = (column: string): string =>
    `(SELECT ${column} FROM revisions r WHERE r.analysis_id = e.episode ORDER BY r.revision DESC LIMIT 1)`
  const { rows } = await client.query<
    Omit<BoardRow, 'reviewers'> & { reviewers: [string, string, AssignmentState, boolean, number | null][] }
  >(
    `WITH episodes AS (
       SELECT s.episode, max(s.title) AS title, max(s.show) AS show,
         json_agg(json_build_array(s.reviewer, s.analysis_id, s.state, p.name IS NULL OR g.rolname IS NULL,
           CASE WHEN s.state = ANY($3::text[]) THEN ${latestRevision} END)
           ORDER BY s.reviewer) AS reviewers
       FROM assignments s
       LEFT JOIN people p ON p.name = s.reviewer
       LEFT JOIN pg_roles g ON g.rolname = s.reviewer
       WHERE $2::text IS NULL OR s.episode = $2
       GROUP BY s.episode)
     SELECT e.episode, coalesce(e.title, ${latest('title')}) AS title, coalesce(e.show, ${latest('show')}) AS show,
       e.reviewers, c.analysis_id AS consensus, f.analysis_id AS reference
     FROM episodes e
     LEFT JOIN episode_consensus c ON c.episode = e.episode
     LEFT JOIN episode_reference f ON f.episode = e.episode
     WHERE $1::text IS NULL OR coalesce(e.show, ${latest('show')}) = $1`,
    [filter.show ?? null, filter.episode ?? null, [...SUBMITTED_STATES]],
  )
  return rows.map((row) => ({
    ...row,
    reviewers: row.reviewers.map(([reviewer, analysis, state, removed, revision]) => ({
      reviewer,
      analysis,
      state,
      removed,
      revision,
    })),
  }))
}

/** Whether the catalogue keeps each analysis's latest revision number (its migration 5 on). */
export async function keepsLatestRevisions(client: ClientBase): Promise<boolean> {
  const { rows } = await client.query<{ kept: boolean }>(
    `SELECT to_regclass('public.latest_revisions') IS NOT NULL AS kept`,
  )
  return rows[0]?.kept === true
}

/** The consensus and reference chosen for an episode that may have no assignments. */
export async function episodeChoices(
  client: ClientBase,
  episode: string,
): Promise<{ consensus: string | null; reference: string | null }> {
  const { rows } = await client.query<{ consensus: string | null; reference: string | null }>(
    `SELECT (SELECT analysis_id FROM episode_consensus WHERE episode = $1) AS consensus,
            (SELECT analysis_id FROM episode_reference WHERE episode = $1) AS reference`,
    [episode],
  )
  return rows[0] ?? { consensus: null, reference: null }
}
