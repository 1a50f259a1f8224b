import type { RoleSeconds, ShowSummary, ShowTrendEpisode, ShowTrends } from '../../shared/contract'
import type { Db } from '../db/openDatabase'
import { KeptWhileUnchanged, LISTED_FROM } from '../db/keptWhileUnchanged'
import { statement } from '../db/statements'
import { UserError } from '../errors'
import { countedBecauseText, type CountedChoice } from '../../shared/analyses'
import { keepPreferences, readPreferences } from '../settings/preferences'
import { countedChoices, libraryEpisodes } from './analysisFacts'
import { HIDDEN_WHILE_BLIND, libraryDimensions, scoreAverages } from './scoreAverages'

/** The longest reasoning a point's tooltip shows: a sentence or two, never a chapter's whole essay. */
export const MAX_POINT_REASONING = 300

/** Every show with an episode out of the trash, by name, with its episodes (not analyses) counted. */
export function libraryShows(db: Db): ShowSummary[] {
  const counts = new Map<string, number>()
  for (const episode of libraryEpisodes(db)) {
    const show = episode.facts[0]?.show ?? ''
    if (show !== '') counts.set(show, (counts.get(show) ?? 0) + 1)
  }
  return [...counts]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, episodeCount]) => ({ name, episodeCount }))
}

interface EpisodeRow {
  id: string
  title: string
  publishedOn: string | null
  addedOn: string
  durationSeconds: number
}

/**
 * A show's page, from a few aggregate queries over the show's analyses rather than each one's view,
 * so that a show of a thousand episodes opens at once. Each episode is drawn once, through the analysis
 * it counts through (see `countedAnalysis`), and only that analysis's scores count in the distribution.
 * Trashed analyses are left out; a score hidden from a blind reviewer counts nowhere (the averages wait
 * for it, as the library's do).
 */
export function showTrends(db: Db, show: string): ShowTrends {
  return db.transaction(() => keptTrends.get(db, () => readShowTrends(db, show), show))()
}

/**
 * Each show's page, kept while nothing it is read from changed (a transcript's edit changes its
 * episode's row, which migration 027 counts): at 10,000 episodes a show's page took 0.8-1 s to read.
 */
const keptTrends = new KeptWhileUnchanged<ShowTrends>(LISTED_FROM)

function readShowTrends(db: Db, show: string): ShowTrends {
  const episodesOfShow = libraryEpisodes(db, show)
  if (episodesOfShow.length === 0)
    throw new UserError('not-found', `No episode of the show "${show}" is in the library`)
  const choice = countedChoices(db)(show)
  const rows = new Map(
    (
      statement(
        db,
        `SELECT id, title, published_on AS publishedOn, substr(created_at, 1, 10) AS addedOn,
           created_at AS createdAt, duration_seconds AS durationSeconds
         FROM episodes WHERE show = ? AND trashed_at IS NULL`,
      ).all(show) as (EpisodeRow & { createdAt: string })[]
    ).map((r) => [r.id, r]),
  )
  const counted = episodesOfShow.flatMap((episode) => {
    const row = rows.get(episode.counted)
    return row ? [{ episode, row }] : []
  })
  // A draft with no publication day stands where it was added, so it is still drawn, in order.
  const dayOf = (r: EpisodeRow): string => r.publishedOn ?? r.addedOn
  counted.sort(
    (a, b) =>
      compare(dayOf(a.row), dayOf(b.row)) ||
      compare(a.row.createdAt, b.row.createdAt) ||
      compare(a.row.id, b.row.id),
  )
  const ids = counted.map((c) => c.row.id)
  const averages = scoreAverages(db, ids)
  const speaking = speakingSeconds(db, show)
  const episodes = counted.map(({ episode, row: r }): ShowTrendEpisode => {
    const analysis = episode.analyses.find((a) => a.id === episode.counted)
    return {
      id: r.id,
      title: r.title,
      date: dayOf(r),
      dateFrom: r.publishedOn === null ? 'added' : 'published',
      publishedOn: r.publishedOn,
      durationSeconds: r.durationSeconds,
      averages: averages.get(r.id) ?? {},
      speaking: speaking.get(r.id) ?? { hostSeconds: 0, guestSeconds: 0, otherSeconds: 0 },
      episode: episode.id,
      analysisCount: episode.analyses.length,
      counted: {
        name: analysis?.name ?? r.id,
        because: episode.because,
        text: countedBecauseText(episode.because, choice),
      },
    }
  })
  const scale = statement(
    db,
    `SELECT min(scale_min) AS min, max(scale_max) AS max FROM episodes WHERE show = ? AND trashed_at IS NULL`,
  ).get(show) as { min: number; max: number }
  const dimensions = libraryDimensions(db, show)
  const reviewers = [
    ...new Set(episodesOfShow.flatMap((e) => e.facts.flatMap((f) => (f.reviewer ? [f.reviewer] : [])))),
  ].sort((a, b) => a.localeCompare(b))
  return {
    show,
    choice,
    reviewers,
    dimensions,
    scale,
    episodes,
    distribution: distribution(db, ids, dimensions, scale),
  }
}

/**
 * Keeps the show's choice of the analysis its episodes count through (`rule` forgets it) and answers
 * the show's page as it now reads; a show with no episode in the library is refused and nothing kept.
 */
export function setCountedChoice(db: Db, show: string, choice: CountedChoice): ShowTrends {
  return db.transaction(() => {
    readShowTrends(db, show)
    const { [show]: _was, ...others } = readPreferences(db).countedAnalysis
    keepPreferences(db, { countedAnalysis: choice === 'rule' ? others : { ...others, [show]: choice } })
    return readShowTrends(db, show)
  })()
}

/** Code-unit order, as SQLite's default collation orders text. */
const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

/**
 * The reasoning behind an episode's average: that of the chapter that stands for most of it (the longest
 * chapter scored with a reasoning; the earlier of two as long), under the chapter's title, cut at
 * {@link MAX_POINT_REASONING} characters. One chapter's words read as an argument where all of them
 * joined would read as a list cut off mid-way; the chapter's scores are a click away in the episode.
 * Empty while the average waits for a score hidden from a blind reviewer, as the point does.
 */
export function pointReasoning(db: Db, episodeId: string, dimension: string): string {
  const hidden = statement(
    db,
    `SELECT 1 FROM scores s
     JOIN chapters c ON c.episode_id = s.episode_id AND c.id = s.chapter_id
     JOIN episodes e ON e.id = s.episode_id
     WHERE s.episode_id = ? AND s.dimension_key = ? AND ${HIDDEN_WHILE_BLIND} LIMIT 1`,
  ).get(episodeId, dimension)
  if (hidden) return ''
  const row = statement(
    db,
    `SELECT c.title AS title, substr(s.reasoning, 1, ${MAX_POINT_REASONING + 1}) AS reasoning
     FROM scores s JOIN chapters c ON c.episode_id = s.episode_id AND c.id = s.chapter_id
     WHERE s.episode_id = ? AND s.dimension_key = ? AND c.end > c.start AND s.value IS NOT NULL
       AND s.reasoning <> ''
     ORDER BY c.end - c.start DESC, c.start LIMIT 1`,
  ).get(episodeId, dimension) as { title: string; reasoning: string } | undefined
  if (!row) return ''
  return bounded(row.title === '' ? row.reasoning : `${row.title}: ${row.reasoning}`)
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
    // Each speaker's seconds are kept by triggers (migration 016): the roles are looked up once per
    // speaker, and no segment is read.
    `SELECT d.episode_id AS episodeId, p.role AS role, sum(d.seconds) AS seconds
     FROM episodes e
     JOIN derived_speaking_seconds d ON d.episode_id = e.id
     JOIN participants p ON p.episode_id = d.episode_id AND p.id = d.speaker_id
     WHERE e.show = ? AND e.trashed_at IS NULL
     GROUP BY d.episode_id, p.role`,
  ).all(show) as { episodeId: string; role: 'host' | 'guest' | 'other'; seconds: number }[]
  const byEpisode = new Map<string, RoleSeconds>()
  for (const row of rows) {
    let ofEpisode = byEpisode.get(row.episodeId)
    if (!ofEpisode)
      byEpisode.set(row.episodeId, (ofEpisode = { hostSeconds: 0, guestSeconds: 0, otherSeconds: 0 }))
    // Kept by adding and taking away: a speaker whose segments are all gone holds a residue of ±1e-12.
    ofEpisode[`${row.role}Seconds`] = Math.max(0, Math.round(row.seconds * 1000) / 1000)
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
  ids: readonly string[],
  dimensions: readonly { key: string }[],
  scale: { min: number; max: number },
): ShowTrends['distribution'] {
  // The counted analyses only: a copy or a second reviewer's pass of an episode is not another episode.
  const rows = statement(
    db,
    `SELECT s.dimension_key AS dimension, s.value AS value, count(*) AS count
       FROM json_each(?) counted
       JOIN scores s ON s.episode_id = counted.value
       JOIN chapters c ON c.episode_id = s.episode_id AND c.id = s.chapter_id
       JOIN episodes e ON e.id = s.episode_id
       WHERE s.value IS NOT NULL AND ${HIDDEN_WHILE_BLIND} IS NOT 1
       GROUP BY s.dimension_key, s.value`,
  ).all(JSON.stringify(ids)) as { dimension: string; value: number; count: number }[]
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
