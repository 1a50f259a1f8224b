import type { CountedChoice } from '../../shared/analyses'
import type { Db } from '../db/openDatabase'
import { statement } from '../db/statements'
import { readPreferences } from '../settings/preferences'
import { episodesOf, type AnalysisFacts, type EpisodeOfAnalyses } from './episodeGroups'

const ITEM_TABLES = ['chapters', 'statements', 'highlights'] as const
// Whether any item is so, each part a seek in its table's (episode_id, origin, status) index (migration
// 026): counting them read every item of the library, 3/4 of the listing's time at 10,000 episodes.
const anyItem = (where: string): string =>
  `(${ITEM_TABLES.map((t) => `EXISTS (SELECT 1 FROM ${t} x WHERE x.episode_id = e.id AND ${where})`).join(' OR ')})`

// One row per analysis out of the trash, in the order they came in: a group's first is its episode's id.
const FACTS = (show: boolean) => `
  SELECT e.id, e.title, e.show, e.created_at AS createdAt, e.updated_at AS updatedAt, m.sha256,
    e.reviewer, e.review_status AS reviewStatus, e.extensions, e.copy_of AS copyOf,
    ${anyItem(`x.origin = 'machine'`)} AS machineItems,
    (${anyItem(`x.origin = 'human'`)} OR ${anyItem(`x.origin = 'machine' AND x.status IN ('accepted', 'edited')`)}) AS personItems
  FROM episodes e LEFT JOIN media m ON m.episode_id = e.id
  WHERE e.trashed_at IS NULL ${show ? 'AND e.show = ?' : ''}
  ORDER BY e.created_at, e.rowid`

type FactsRow = Omit<AnalysisFacts, 'consensusOf'> & { extensions: string | null }

/** The ids a consensus was built from, as its extensions keep them (`episcore.consensusOf`); else null. */
function consensusOf(extensions: string | null): string[] | null {
  if (extensions === null) return null
  try {
    const of = (JSON.parse(extensions) as { episcore?: { consensusOf?: unknown } }).episcore?.consensusOf
    return Array.isArray(of) && of.every((s) => typeof s === 'string') ? of : null
  } catch {
    return null
  }
}

/** Every analysis out of the trash (of one show when named), in the order they came in. */
export function analysisFacts(db: Db, show?: string): AnalysisFacts[] {
  const rows = statement(db, FACTS(show !== undefined)).all(
    ...(show === undefined ? [] : [show]),
  ) as FactsRow[]
  return rows.map(({ extensions, ...row }) => ({ ...row, consensusOf: consensusOf(extensions) }))
}

/** The show's choice of the analysis its episodes count through: the rule unless the editor chose. */
export function countedChoices(db: Db): (show: string) => CountedChoice {
  const chosen = readPreferences(db).countedAnalysis
  return (show) => (Object.hasOwn(chosen, show) ? (chosen[show] ?? 'rule') : 'rule')
}

/** The library's episodes (of one show when named), each with its analyses and the one it counts through. */
export function libraryEpisodes(db: Db, show?: string): EpisodeOfAnalyses[] {
  return db.transaction(() => episodesOf(analysisFacts(db, show), countedChoices(db)))()
}
