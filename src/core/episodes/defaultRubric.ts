import { z } from 'zod'
import { dimensionSchema } from '../../shared/episodeFormat'
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
  return parsed.success ? parsed.data : null
}
