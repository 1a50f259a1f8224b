import type { ClientBase } from 'pg'
import { UserError } from '../../errors'

/** An episode of the catalogue as an assignment needs it. */
export interface AssignableEpisode {
  /** The id of its first analysis (by when it came, then id): how the catalogue names the episode. */
  episode: string
  media: string | null
  /** Its machine analysis (the first, when there are several), which each reviewer gets a copy of. */
  machine: string | null
  title: string | null
  show: string | null
}

interface MemberRow {
  grp: string
  analysis_id: string
  media_sha256: string | null
  kind: string
  title: string
  show: string | null
  asked: boolean
  created_at: Date
}

/**
 * The episodes the ids name (any analysis of an episode names it) or every episode of the show, each
 * with its analyses grouped as the catalogue groups them: by the media their latest revisions name, else
 * alone. Ids the catalogue lacks are refused, naming them. One query, whatever the number of episodes.
 */
export async function assignableEpisodes(
  client: ClientBase,
  wanted: { ids?: readonly string[] | undefined; show?: string | undefined },
): Promise<AssignableEpisode[]> {
  const { rows } = await client.query<MemberRow>(
    `WITH latest AS (
       SELECT DISTINCT ON (r.analysis_id) r.analysis_id, r.media_sha256, r.show, r.title, a.kind, a.created_at,
         coalesce('m:' || r.media_sha256, 'a:' || r.analysis_id) AS grp
       FROM revisions r JOIN analyses a ON a.id = r.analysis_id
       ORDER BY r.analysis_id, r.revision DESC),
     wanted AS (SELECT DISTINCT grp FROM latest WHERE analysis_id = ANY($1::text[]) OR show = $2)
     SELECT l.grp, l.analysis_id, l.media_sha256, l.kind, l.title, l.show, l.analysis_id = ANY($1::text[]) AS asked,
       l.created_at
     FROM latest l JOIN wanted w ON w.grp = l.grp
     ORDER BY l.grp, l.created_at, l.analysis_id`,
    [wanted.ids ?? [], wanted.show ?? null],
  )
  const byGroup = new Map<string, MemberRow[]>()
  for (const row of rows) byGroup.set(row.grp, [...(byGroup.get(row.grp) ?? []), row])
  // Episodes in the order they came to the desk (a season in order), unless ids give one.
  const groups = [...byGroup.values()].sort(
    (a, b) => (a[0]?.created_at.getTime() ?? 0) - (b[0]?.created_at.getTime() ?? 0),
  )
  const episodes: AssignableEpisode[] = []
  const episodeOf = new Map<string, string>()
  for (const members of groups) {
    const first = members[0]
    if (!first) continue
    const machine = members.find((m) => m.kind === 'machine')
    episodes.push({
      episode: first.analysis_id,
      media: first.media_sha256,
      machine: machine?.analysis_id ?? null,
      title: first.title,
      show: first.show ?? members.find((m) => m.show !== null)?.show ?? null,
    })
    for (const m of members) if (m.asked) episodeOf.set(m.analysis_id, first.analysis_id)
  }
  if (wanted.ids) {
    const unknown = wanted.ids.filter((id) => !episodeOf.has(id))
    if (unknown.length > 0)
      throw new UserError(
        'not-found',
        `desk assign: the desk has no episode ${unknown.slice(0, 5).join(', ')}${unknown.length > 5 ? ` (and ${unknown.length - 5} more)` : ''}`,
      )
    // In the order the ids were given: the plan keeps it.
    const order = new Map<string, number>()
    for (const id of wanted.ids) {
      const episode = episodeOf.get(id)
      if (episode !== undefined && !order.has(episode)) order.set(episode, order.size)
    }
    episodes.sort((a, b) => (order.get(a.episode) ?? 0) - (order.get(b.episode) ?? 0))
  } else if (episodes.length === 0)
    throw new UserError('not-found', `desk assign: the desk has no episode of show ${wanted.show ?? ''}`)
  return episodes
}
