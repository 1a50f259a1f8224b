import type { LibraryDimension } from '../../shared/contract'
import type { Db } from '../db/openDatabase'
import { KeptWhileUnchanged, LISTED_FROM } from '../db/keptWhileUnchanged'

/**
 * A score hidden from a reviewer scoring blind (the rule of `src/shared/blindView.ts`, said in SQL): the
 * machine gave it and the reviewer has not rated it. An average holding one would carry the machine's
 * number, so that dimension's average waits, as the editor's mean does. It names the tables `e`
 * (episodes), `c` (chapters) and `s` (scores); `e.blind` may be NULL, so keep what it does not hide with `(…) IS NOT 1`, never `NOT (…)`.
 */
export const HIDDEN_WHILE_BLIND = `(e.blind = 1 AND c.origin = 'machine' AND s.review = 'unreviewed'
  AND (s.machine_value IS NOT NULL OR coalesce(s.machine_reasoning, '') <> ''))`

/**
 * Each analysis's average score per dimension: the plain mean of its scored chapters' scores, one
 * decimal, the same number the Chapters table, the Charts tab, the export's `scoreSummary` and the
 * published page show (one definition everywhere; a length-weighted mean here read 1.5 where the page
 * read 1.3). A dimension with no scored chapter (or a blind review's hidden score) has no entry.
 * Trashed episodes are left out; `episodeIds` narrows to those analyses (all of the library when absent).
 */
export function scoreAverages(
  db: Db,
  episodeIds?: readonly string[],
): ReadonlyMap<string, Readonly<Record<string, number>>> {
  const all = libraryAverages(db)
  if (!episodeIds) return all
  return new Map(episodeIds.flatMap((id) => (all.has(id) ? [[id, all.get(id) ?? {}] as const] : [])))
}

type Averages = ReadonlyMap<string, Readonly<Record<string, number>>>

/**
 * Kept while what they are read from is unchanged: a library of a thousand episodes is read in 15 ms,
 * and its list is asked for at every open of the library.
 */
const kept = new KeptWhileUnchanged<Averages>(['episodes', 'episode_states', 'chapters', 'scores'])

const libraryAverages = (db: Db): Averages => kept.get(db, () => readAverages(db))

function readAverages(db: Db): Averages {
  // Two parts: an episode not scored blind hides nothing, so its averages come from the scores'
  // index alone (migration 026), episode by episode (CROSS JOIN keeps that order); only a blind one
  // needs its chapters, for the rule. 4-5x quicker than one pass over every score row.
  const rows = db
    .prepare(
      `SELECT s.episode_id AS episodeId, s.dimension_key AS dimension, avg(s.value) AS average, 0 AS hidden
       FROM episodes e CROSS JOIN scores s ON s.episode_id = e.id
       WHERE e.trashed_at IS NULL AND e.blind IS NOT 1 AND s.value IS NOT NULL
       GROUP BY s.episode_id, s.dimension_key
       UNION ALL
       SELECT s.episode_id AS episodeId, s.dimension_key AS dimension,
         avg(s.value) AS average,
         max(${HIDDEN_WHILE_BLIND}) AS hidden
       FROM episodes e CROSS JOIN scores s ON s.episode_id = e.id
       JOIN chapters c ON c.episode_id = s.episode_id AND c.id = s.chapter_id
       WHERE e.trashed_at IS NULL AND e.blind = 1 AND (s.value IS NOT NULL OR ${HIDDEN_WHILE_BLIND})
       GROUP BY s.episode_id, s.dimension_key`,
    )
    .all() as { episodeId: string; dimension: string; average: number | null; hidden: number }[]
  const averages = new Map<string, Record<string, number>>()
  for (const row of rows) {
    if (row.hidden === 1 || row.average === null) continue
    let ofEpisode = averages.get(row.episodeId)
    if (!ofEpisode) averages.set(row.episodeId, (ofEpisode = {}))
    ofEpisode[row.dimension] = Math.round(row.average * 10) / 10
  }
  return averages
}

/** Every dimension key of the library's episodes, the most widely used first. */
export const libraryDimensions = (db: Db, show?: string): LibraryDimension[] =>
  keptDimensions.get(db, () => readDimensions(db, show), show === undefined ? '' : `show ${show}`)

/** Kept as the listing is: 30 ms at 10,000 episodes, asked at every open of the library. */
const keptDimensions = new KeptWhileUnchanged<LibraryDimension[]>(LISTED_FROM)

function readDimensions(db: Db, show?: string): LibraryDimension[] {
  const rows = db
    .prepare(
      `SELECT d.key AS key, d.label AS label, count(*) AS uses
       FROM rubric_dimensions d JOIN episodes e ON e.id = d.episode_id
       WHERE e.trashed_at IS NULL ${show === undefined ? '' : 'AND e.show = ?'}
       GROUP BY d.key, d.label
       ORDER BY d.key, uses DESC, d.label`,
    )
    .all(...(show === undefined ? [] : [show])) as { key: string; label: string; uses: number }[]
  const byKey = new Map<string, LibraryDimension>()
  for (const row of rows) {
    const known = byKey.get(row.key)
    // Rows come most used first within a key, so the first label met is the most common one.
    if (known) known.episodeCount += row.uses
    else byKey.set(row.key, { key: row.key, label: row.label, episodeCount: row.uses })
  }
  return [...byKey.values()].sort((a, b) => b.episodeCount - a.episodeCount || a.key.localeCompare(b.key))
}
