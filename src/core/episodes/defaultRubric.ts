import { z } from 'zod'
import { dimensionSchema } from '../../shared/episodeFormat'
import { repeatedLabels } from '../../shared/rubric'
import type { Db } from '../db/openDatabase'

const storedRubric = z.object({
  scale: z.object({ min: z.number().int(), max: z.number().int() }),
  dimensions: z.array(dimensionSchema),
})

export type DefaultRubric = z.infer<typeof storedRubric>

/** The rubric the editor saved as default for new episodes, if any. */
export function loadDefaultRubric(db: Db): DefaultRubric | null {
  const row = db.prepare(`SELECT value FROM settings WHERE key = 'defaultRubric'`).get() as
    { value: string } | undefined
  if (!row) return null
  const parsed = storedRubric.safeParse(JSON.parse(row.value))
  if (!parsed.success) return null
  // A default saved before labels had to differ may hold one twice. The later one is left out: the
  // editor keeps the rubric they chose (the seed in its place would lose all of it), and a new episode
  // has no scores under the dropped dimension to lose.
  const repeats = new Set(repeatedLabels(parsed.data.dimensions).map((r) => r.index))
  return { ...parsed.data, dimensions: parsed.data.dimensions.filter((_, i) => !repeats.has(i)) }
}
