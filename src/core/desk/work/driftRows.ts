import type { ClientBase } from 'pg'
import { SUBMITTED_STATES } from './catalogueEpisodes'

/** A scorer's analysis of an episode as drift reads it: whose, which revision, and when it counts. */
export interface ScorerRow {
  episode: string
  /** A reviewer's name, or `machine`. */
  who: string
  analysis: string
  revision: number
  /** The assignment's submission (a reviewer), or the revision's making (the machine). */
  at: Date
}

/** What drift reads of the catalogue for a show (or all): no documents, one query each. */
export interface DriftRows {
  /** Every reviewer of the show's assignments, whatever their state. */
  reviewers: string[]
  /** Submitted reviewers' analyses and each episode's machine analysis, of the episodes with assignments. */
  scorers: ScorerRow[]
  /** Each episode's consensus at its latest revision. */
  consensus: Map<string, { analysis: string; revision: number }>
}

export async function driftRows(client: ClientBase, show: string | undefined): Promise<DriftRows> {
  // The episodes with assignments (of the show: the assignment's, else the episode analysis's), as the board.
  const episodes = `
    SELECT e.episode, e.media FROM (
      SELECT episode, max(media_sha256) AS media, max(show) AS show FROM assignments GROUP BY episode) e
    WHERE $1::text IS NULL OR coalesce(e.show, (
      SELECT show FROM revisions r WHERE r.analysis_id = e.episode ORDER BY revision DESC LIMIT 1)) = $1`
  const reviewers = await client.query<{ reviewer: string }>(
    `WITH episodes AS (${episodes})
     SELECT DISTINCT s.reviewer FROM assignments s JOIN episodes e ON e.episode = s.episode ORDER BY 1`,
    [show ?? null],
  )
  const scorers = await client.query<ScorerRow>(
    `WITH episodes AS (${episodes})
     SELECT s.episode, s.reviewer AS who, s.analysis_id AS analysis, l.revision, s.submitted_at AS at
     FROM assignments s JOIN episodes e ON e.episode = s.episode
     JOIN LATERAL (SELECT max(revision) AS revision FROM revisions r WHERE r.analysis_id = s.analysis_id) l
       ON l.revision IS NOT NULL
     WHERE s.state = ANY($2::text[]) AND s.submitted_at IS NOT NULL
     UNION ALL
     (SELECT DISTINCT ON (e.episode) e.episode, 'machine', m.analysis, m.revision, m.at
      FROM episodes e
      JOIN LATERAL (
        SELECT DISTINCT ON (r.analysis_id) r.analysis_id AS analysis, r.revision, r.made_at AS at
        FROM revisions r JOIN analyses a ON a.id = r.analysis_id AND a.kind = 'machine'
        WHERE r.media_sha256 = e.media OR (e.media IS NULL AND r.analysis_id = e.episode)
        ORDER BY r.analysis_id, r.revision DESC) m ON true
      ORDER BY e.episode, m.analysis)
     ORDER BY 1, 2, 3`,
    [show ?? null, [...SUBMITTED_STATES]],
  )
  const consensus = await client.query<{ episode: string; analysis: string; revision: number }>(
    `WITH episodes AS (${episodes})
     SELECT c.episode, c.analysis_id AS analysis, l.revision
     FROM episode_consensus c JOIN episodes e ON e.episode = c.episode
     JOIN LATERAL (SELECT max(revision) AS revision FROM revisions r WHERE r.analysis_id = c.analysis_id) l
       ON l.revision IS NOT NULL`,
    [show ?? null],
  )
  return {
    reviewers: reviewers.rows.map((r) => r.reviewer),
    scorers: scorers.rows,
    consensus: new Map(
      consensus.rows.map((c) => [c.episode, { analysis: c.analysis, revision: c.revision }]),
    ),
  }
}
