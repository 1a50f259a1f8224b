import type { ClientBase } from 'pg'
import type { AssignmentState } from '../../../shared/contract/deskWork'
import { SUBMITTED_STATES } from './catalogueEpisodes'

/** One assignment as the board reads it, with its episode's facts. */
export interface BoardRow {
  episode: string
  title: string | null
  show: string | null
  media: string | null
  reviewer: string
  analysis: string
  state: AssignmentState
  /** No longer in `people`, or their login role is gone. */
  removed: boolean
  /** The latest revision of the reviewer's analysis once submitted; null before (or if never pushed). */
  revision: number | null
  submittedAt: Date | null
  consensus: string | null
  reference: string | null
}

/**
 * Every assignment (of one show, or of one episode), with its episode's title and show from the latest
 * revision of the episode's analysis, and the latest revision of each submitted analysis: one query,
 * no documents. Episodes are looked up once each, not once per reviewer.
 */
export async function boardRows(
  client: ClientBase,
  filter: { show?: string | undefined; episode?: string | undefined },
): Promise<BoardRow[]> {
  const { rows } = await client.query<BoardRow>(
    `WITH episodes AS (
       SELECT e.episode, f.title, f.show
       FROM (SELECT DISTINCT episode FROM assignments WHERE $2::text IS NULL OR episode = $2) e
       LEFT JOIN LATERAL (
         SELECT title, show FROM revisions r WHERE r.analysis_id = e.episode ORDER BY revision DESC LIMIT 1
       ) f ON true
       WHERE $1::text IS NULL OR f.show = $1)
     SELECT s.episode, e.title, e.show, s.media_sha256 AS media, s.reviewer, s.analysis_id AS analysis,
       s.state, (p.name IS NULL OR g.rolname IS NULL) AS removed,
       CASE WHEN s.state = ANY($3::text[]) THEN
         (SELECT max(r.revision) FROM revisions r WHERE r.analysis_id = s.analysis_id) END AS revision,
       s.submitted_at AS "submittedAt", c.analysis_id AS consensus, f.analysis_id AS reference
     FROM episodes e
     JOIN assignments s ON s.episode = e.episode
     LEFT JOIN people p ON p.name = s.reviewer
     LEFT JOIN pg_roles g ON g.rolname = s.reviewer
     LEFT JOIN episode_consensus c ON c.episode = s.episode
     LEFT JOIN episode_reference f ON f.episode = s.episode
     ORDER BY s.episode, s.reviewer`,
    [filter.show ?? null, filter.episode ?? null, [...SUBMITTED_STATES]],
  )
  return rows
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
