import { repeatedLabels } from '../../shared/rubric'
import type { Db } from '../db/openDatabase'
import type { DefaultRubric } from '../episodes/defaultRubric'
import { episodeRow } from '../episodes/episodeQueries'
import { UserError } from '../errors'
import { dimensionRows } from './analysisRows'

/**
 * Makes this episode's rubric (scale and dimensions) the one new episodes start with. A setting, not an
 * edit of the episode, so it is not in the episode's history. Answers how many dimensions it holds.
 */
export function saveDefaultRubric(db: Db, episodeId: string): { dimensions: number } {
  const episode = episodeRow(db, episodeId)
  const dimensions = dimensionRows(db, episodeId)
  // Every new episode would start with the two (a database from before labels had to differ).
  const [clash] = repeatedLabels(dimensions)
  if (clash)
    throw new UserError(
      'invalid-input',
      `the rubric has two dimensions labelled “${clash.first.label.trim()}”; give one of them another label before saving the rubric as the default`,
    )
  const rubric: DefaultRubric = {
    scale: { min: episode.scale_min, max: episode.scale_max },
    dimensions: dimensions.map((d) => ({
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
