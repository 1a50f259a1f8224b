import type { RoleSeconds, ShowSummary, ShowTrendEpisode, ShowTrends } from '../../shared/contract'
import type { Db } from '../db/openDatabase'
import { statement } from '../db/statements'
import { UserError } from '../errors'
import { HIDDEN_WHILE_BLIND, libraryDimensions, weightedAverages } from './scoreAverages'

/** The longest reasoning a point's tooltip shows: a sentence or two, never a chapter's whole essay. */
export const MAX_POINT_REASONING = 300

/** Every show with an episode out of the trash, by name; episodes with no show make none. */
export function libraryShows(db: Db): ShowSummary[] {
  return statement(
    db,
    `SELECT show AS name, count(*) AS episodeCount FROM episodes
     WHERE trashed_at IS NULL AND show <> '' GROUP BY show ORDER BY show`,
  ).all() as ShowSummary[]
}

interface EpisodeRow {
  id: string
  title: string
  publishedOn: string | null
  addedOn: string
  durationSeconds: number
}

/**
 * A show's page, from a few aggregate queries over the show's episodes rather than each episode's view,
 * so that a show of a thousand episodes opens at once. Trashed episodes are left out; a score hidden
 * from a blind reviewer counts nowhere (the averages wait for it, as the library's do).
 */
export function showTrends(db: Db, show: string): ShowTrends {
  const rows = statement(
    db,
    // A draft with no publication day stands where it was added, so it is still drawn, in order.
    `SELECT id, title, published_on AS publishedOn, substr(created_at, 1, 10) AS addedOn,
       duration_seconds AS durationSeconds
     FROM episodes WHERE show = ? AND trashed_at IS NULL
     ORDER BY coalesce(published_on, substr(created_at, 1, 10)), created_at, id`,
  ).all(show) as EpisodeRow[]
  if (rows.length === 0)
    throw new UserError('not-found', `No episode of the show "${show}" is in the library`)
  const averages = weightedAverages(
    db,
    rows.map((r) => r.id),
  )
  const reasoning = pointReasoning(db, show)
  const speaking = speakingSeconds(db, show)
  const episodes = rows.map((r): ShowTrendEpisode => {
    const ofEpisode = averages.get(r.id) ?? {}
    const said = reasoning.get(r.id) ?? {}
    return {
      id: r.id,
      title: r.title,
      date: r.publishedOn ?? r.addedOn,
      dateFrom: r.publishedOn === null ? 'added' : 'published',
      publishedOn: r.publishedOn,
      durationSeconds: r.durationSeconds,
      averages: ofEpisode,
      // Only where there is a point to hover: a dimension whose average waits shows no reasoning either.
      reasoning: Object.fromEntries(Object.keys(ofEpisode).map((key) => [key, said[key] ?? ''])),
      speaking: speaking.get(r.id) ?? { hostSeconds: 0, guestSeconds: 0, otherSeconds: 0 },
    }
  })
  const scale = statement(
    db,
    `SELECT min(scale_min) AS min, max(scale_max) AS max FROM episodes WHERE show = ? AND trashed_at IS NULL`,
  ).get(show) as { min: number; max: number }
  const dimensions = libraryDimensions(db, show)
  return { show, dimensions, scale, episodes, distribution: distribution(db, show, dimensions, scale) }
}

/**
 * The reasoning behind an episode's average: that of the chapter that weighs most in it (the longest
 * chapter scored with a reasoning; the earlier of two as long), under the chapter's title, cut at
 * {@link MAX_POINT_REASONING} characters. One chapter's words read as an argument where all of them
 * joined would read as a list cut off mid-way; the chapter's scores are a click away in the episode.
 */
function pointReasoning(db: Db, show: string): Map<string, Record<string, string>> {
  const rows = statement(
    db,
    `SELECT episodeId, dimension, title, reasoning FROM (
       SELECT s.episode_id AS episodeId, s.dimension_key AS dimension, c.title AS title,
         substr(s.reasoning, 1, ${MAX_POINT_REASONING + 1}) AS reasoning,
         row_number() OVER (PARTITION BY s.episode_id, s.dimension_key ORDER BY c.end - c.start DESC, c.start) AS rank
       FROM scores s
       JOIN chapters c ON c.episode_id = s.episode_id AND c.id = s.chapter_id
       JOIN episodes e ON e.id = s.episode_id
       WHERE e.show = ? AND e.trashed_at IS NULL AND c.end > c.start AND s.value IS NOT NULL
         AND s.reasoning <> '' AND ${HIDDEN_WHILE_BLIND} IS NOT 1)
     WHERE rank = 1`,
  ).all(show) as { episodeId: string; dimension: string; title: string; reasoning: string }[]
  const byEpisode = new Map<string, Record<string, string>>()
  for (const row of rows) {
    let ofEpisode = byEpisode.get(row.episodeId)
    if (!ofEpisode) byEpisode.set(row.episodeId, (ofEpisode = {}))
    ofEpisode[row.dimension] = bounded(row.title === '' ? row.reasoning : `${row.title}: ${row.reasoning}`)
  }
  return byEpisode
}

const bounded = (text: string): string =>
  text.length <= MAX_POINT_REASONING ? text : `${text.slice(0, MAX_POINT_REASONING - 1).trimEnd()}…`

/**
 * Seconds said per role in each episode: segments whose speaker is one of the episode's participants.
 * Words of no one (no speaker, or a speaker never named a participant) belong to no role.
 */
function speakingSeconds(db: Db, show: string): Map<string, RoleSeconds> {
  const rows = statement(
    db,
    // Summed per speaker first, from the covering index (migration 016): the roles are then looked up
    // once per speaker, not once per segment.
    `SELECT g.episodeId AS episodeId, p.role AS role, sum(g.seconds) AS seconds
     FROM (
       SELECT t.episode_id AS episodeId, t.speaker_id AS speakerId, sum(t.end - t.start) AS seconds
       FROM episodes e JOIN transcript_segments t ON t.episode_id = e.id
       WHERE e.show = ? AND e.trashed_at IS NULL AND t.speaker_id IS NOT NULL AND t.end > t.start
       GROUP BY t.episode_id, t.speaker_id
     ) g
     JOIN participants p ON p.episode_id = g.episodeId AND p.id = g.speakerId
     GROUP BY g.episodeId, p.role`,
  ).all(show) as { episodeId: string; role: 'host' | 'guest' | 'other'; seconds: number }[]
  const byEpisode = new Map<string, RoleSeconds>()
  for (const row of rows) {
    let ofEpisode = byEpisode.get(row.episodeId)
    if (!ofEpisode)
      byEpisode.set(row.episodeId, (ofEpisode = { hostSeconds: 0, guestSeconds: 0, otherSeconds: 0 }))
    ofEpisode[`${row.role}Seconds`] = Math.round(row.seconds * 1000) / 1000
  }
  return byEpisode
}

/** A scale any wider (a file may declare one) lists only the values given, so its size costs nothing. */
const MAX_LISTED_VALUES = 100

/**
 * How many chapter scores gave each value, per dimension: every value of the scale listed (a bar of
 * zero is an answer too), and a value outside it, from a file scored on another scale, added in order.
 */
function distribution(
  db: Db,
  show: string,
  dimensions: readonly { key: string }[],
  scale: { min: number; max: number },
): ShowTrends['distribution'] {
  const rows = statement(
    db,
    `SELECT s.dimension_key AS dimension, s.value AS value, count(*) AS count
     FROM scores s
     JOIN chapters c ON c.episode_id = s.episode_id AND c.id = s.chapter_id
     JOIN episodes e ON e.id = s.episode_id
     WHERE e.show = ? AND e.trashed_at IS NULL AND s.value IS NOT NULL AND ${HIDDEN_WHILE_BLIND} IS NOT 1
     GROUP BY s.dimension_key, s.value`,
  ).all(show) as { dimension: string; value: number; count: number }[]
  const counts = new Map<string, Map<number, number>>()
  for (const d of dimensions) {
    const values = new Map<number, number>()
    if (scale.max - scale.min <= MAX_LISTED_VALUES)
      for (let v = scale.min; v <= scale.max; v++) values.set(v, 0)
    counts.set(d.key, values)
  }
  for (const row of rows) counts.get(row.dimension)?.set(row.value, row.count)
  return Object.fromEntries(
    [...counts].map(([key, values]) => [
      key,
      [...values].sort(([a], [b]) => a - b).map(([value, count]) => ({ value, count })),
    ]),
  )
}
