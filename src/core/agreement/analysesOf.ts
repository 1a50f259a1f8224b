import type { LibraryAnalysis } from '../../shared/agreement'
import type { Db } from '../db/openDatabase'
import { statement } from '../db/statements'
import { episodeRow } from '../episodes/episodeQueries'
import { libraryEpisodes } from '../library/analysisFacts'
import { sameEpisode } from './agreement'

interface Candidate {
  id: string
  title: string
  reviewer: string | null
  review_status: LibraryAnalysis['reviewStatus']
  sha256: string | null
  items: number
  /** Items a person made or reviewed: one makes the analysis a person's. */
  touched: number
  extensions: string | null
}

const KINDS = ['chapters', 'statements', 'highlights'] as const
const countOf = (where: string): string =>
  KINDS.map((t) => `(SELECT count(*) FROM ${t} x WHERE x.episode_id = e.id${where})`).join(' + ')

// Narrowed in SQL to the episode and those naming the same media, so only they are counted; which of
// them are of the same episode is then the agreement's own rule (`sameEpisode`), not a second one here.
const CANDIDATES = `
  SELECT e.id, e.title, e.reviewer, e.review_status, m.sha256, e.extensions,
    ${countOf('')} AS items,
    ${countOf(` AND NOT (x.origin = 'machine' AND x.status = 'unreviewed')`)} AS touched
  FROM episodes e LEFT JOIN media m ON m.episode_id = e.id
  WHERE (e.id = ? OR m.sha256 = ?) AND e.trashed_at IS NULL
  ORDER BY e.created_at, e.rowid`

/** Whether an episode's extensions (as stored) name the analyses it is the consensus of. */
const isConsensus = (extensions: string | null): boolean =>
  extensions !== null &&
  Array.isArray((JSON.parse(extensions) as { episcore?: { consensusOf?: unknown } }).episcore?.consensusOf)

/**
 * The analyses in the library of the episode `id` is an analysis of (itself included), in the order they came in:
 * the ones the compare screen offers. Origin as the agreement says it: a machine's when it holds items
 * and none was made or reviewed by a person.
 */
export function analysesOf(db: Db, id: string): LibraryAnalysis[] {
  episodeRow(db, id)
  return db.transaction(() => {
    const media = statement(db, `SELECT sha256 FROM media WHERE episode_id = ?`).get(id) as
      { sha256: string } | undefined
    const target = { id, sha256: media?.sha256 ?? null }
    const rows = statement(db, CANDIDATES).all(id, target.sha256) as Candidate[]
    const names = new Map(
      libraryEpisodes(db)
        .flatMap((e) => e.analyses)
        .map((a) => [a.id, a.name]),
    )
    return rows
      .filter((row) => sameEpisode(target, { id: row.id, sha256: row.sha256 }))
      .map((row) => ({
        id: row.id,
        title: row.title,
        reviewer: row.reviewer,
        origin: row.items > 0 && row.touched === 0 ? ('machine' as const) : ('human' as const),
        reviewStatus: row.review_status,
        consensus: isConsensus(row.extensions),
        name: names.get(row.id) ?? row.title,
      }))
  })()
}
