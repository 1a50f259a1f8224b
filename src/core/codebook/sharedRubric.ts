/** The rubric a show's episodes share: where a show with no codebook takes its first version from. */
import { SEED_DIMENSIONS, SEED_SCALE } from '../../shared/rubric'
import type { Db } from '../db/openDatabase'
import { loadDefaultRubric } from '../episodes/defaultRubric'
import type { CodebookContent } from './codebookRows'

interface RubricRow {
  episode_id: string
  scale_min: number
  scale_max: number
  key: string
  label: string
  description: string
  highlight_label: string
}

/**
 * The most common rubric (same dimensions in the same order, same scale) among the show's analyses out
 * of the trash, a tie going to the most recently changed analysis's; for a show with none, the rubric new
 * episodes get (the saved default, else the seed's).
 */
export function sharedRubric(db: Db, show: string): CodebookContent {
  const rows = db
    .prepare(
      `SELECT d.episode_id, e.scale_min, e.scale_max, d.key, d.label, d.description, d.highlight_label
         FROM episodes e JOIN rubric_dimensions d ON d.episode_id = e.id
        WHERE e.show = ? AND e.trashed_at IS NULL
        ORDER BY e.updated_at DESC, e.id, d.position, d.key`,
    )
    .all(show) as RubricRow[]
  const byEpisode = new Map<string, RubricRow[]>()
  for (const row of rows) {
    const list = byEpisode.get(row.episode_id)
    if (list) list.push(row)
    else byEpisode.set(row.episode_id, [row])
  }
  const counts = new Map<string, { count: number; rows: RubricRow[] }>()
  for (const list of byEpisode.values()) {
    const first = list[0] as RubricRow
    const signature = JSON.stringify([
      first.scale_min,
      first.scale_max,
      list.map((r) => [r.key, r.label, r.description, r.highlight_label]),
    ])
    const known = counts.get(signature)
    if (known) known.count++
    else counts.set(signature, { count: 1, rows: list })
  }
  // Map keeps insertion order, newest analysis first: the first of the highest count wins a tie.
  let best: { count: number; rows: RubricRow[] } | undefined
  for (const entry of counts.values()) if (!best || entry.count > best.count) best = entry
  if (best) {
    const first = best.rows[0] as RubricRow
    return {
      scale: { min: first.scale_min, max: first.scale_max },
      dimensions: best.rows.map((r) => ({
        key: r.key,
        label: r.label,
        definition: r.description,
        highlightLabel: r.highlight_label,
        levels: [],
        anchors: [],
      })),
    }
  }
  const rubric = loadDefaultRubric(db) ?? { scale: SEED_SCALE, dimensions: SEED_DIMENSIONS }
  return {
    scale: { ...rubric.scale },
    dimensions: rubric.dimensions.map((d) => ({
      key: d.key,
      label: d.label,
      definition: d.description,
      highlightLabel: d.highlightLabel,
      levels: [],
      anchors: [],
    })),
  }
}
