import type { Db } from '../db/openDatabase'
import type { DefaultRubric } from '../episodes/defaultRubric'
import { episodeRow } from '../episodes/episodeQueries'
import { dimensionRows } from './analysisRows'

/**
 * Makes this episode's rubric (scale and dimensions) the one new episodes start with. A setting, not an
 * edit of the episode, so it is not in the episode's history. Answers how many dimensions it holds.
 */
export function saveDefaultRubric(db: Db, episodeId: string): { dimensions: number } {
  const episode = episodeRow(db, episodeId)
  const rubric: DefaultRubric = {
    scale: { min: episode.scale_min, max: episode.scale_max },
    dimensions: dimensionRows(db, episodeId).map((d) => ({
      key: d.key,
      label: d.label,
      description: d.description,
      highlightLabel: d.highlight_label,
    })),
  }
  db.prepare(
    `INSERT INTO settings (key, value) VALUES ('defaultRubric', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
  ).run(JSON.stringify(rubric))
  return { dimensions: rubric.dimensions.length }
}
