import { ITEM_LIMITS, tooMany } from '../../shared/episodeLimits'
import type { Db } from '../db/openDatabase'
import { UserError } from '../errors'

const TABLES = {
  chapters: 'chapters',
  statements: 'statements',
  participants: 'participants',
  dimensions: 'rubric_dimensions',
} as const

/**
 * Refuses an edit that would add the item past its cap: the caps a loaded file obeys (episodeLimits.ts)
 * hold for an edit too, so every episode stays one that can be exported and loaded again.
 */
export function refuseAtCap(db: Db, episodeId: string, kind: keyof typeof TABLES, adding = 1): void {
  const count = db
    .prepare(`SELECT count(*) FROM ${TABLES[kind]} WHERE episode_id = ?`)
    .pluck()
    .get(episodeId) as number
  const limit = ITEM_LIMITS[kind]
  const what = kind === 'dimensions' ? 'rubric dimensions' : kind
  if (count + adding > limit)
    throw new UserError(
      'invalid-input',
      `${tooMany(limit, what)}; this one has ${count.toLocaleString('en')} already`,
    )
}
