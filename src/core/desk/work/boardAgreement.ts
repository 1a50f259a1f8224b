import type { ClientBase } from 'pg'
import { alphaBand } from '../../../shared/agreement'
import type { BoardEpisode } from '../../../shared/contract/deskWork'
import type { EpisodeDocument } from '../../../shared/episodeFormat'
import { agreement, type AnalysisSource } from '../../agreement/agreement'
import { UserError } from '../../errors'
import type { DeskService } from '../deskService'
import {
  checkedDocuments,
  readInBatches,
  revisionKey,
  revisionTexts,
  type RevisionKey,
} from './catalogueEpisodes'

export type BoardAgreement = NonNullable<BoardEpisode['agreement']>

/**
 * Alpha per dimension of one set of submitted revisions, kept for as long as the desk's process runs: a
 * revision never changes, so the same set always measures the same, and the board reads no document
 * for an episode whose submissions have not moved since it was last drawn. Keyed by the desk, so two
 * libraries open in one process (tests, the browser host) keep their own.
 */
const measured = new WeakMap<DeskService, Map<string, BoardAgreement | null>>()
/** Past this many sets the oldest are forgotten: a season of 10,000 episodes fits many times over. */
const KEPT_SETS = 100_000
/** Episodes whose documents are read per query: few, so a long board holds only two batches at once (hour-long documents are ~640 KB). */
const EPISODES_PER_BATCH = 16

/** The cache key of a set of revisions: order-free. */
export const setKey = (revisions: readonly RevisionKey[]): string =>
  revisions
    .map((r) => revisionKey(r.analysis, r.revision))
    .sort()
    .join('\n')

/**
 * The agreement of each episode's submitted revisions (two or more each), by episode: from the cache
 * where that set was measured before, else from their documents, read a few episodes at a time.
 */
export async function boardAgreements(
  client: ClientBase,
  desk: DeskService,
  episodes: ReadonlyMap<string, RevisionKey[]>,
): Promise<Map<string, BoardAgreement | null>> {
  let cache = measured.get(desk)
  if (!cache) measured.set(desk, (cache = new Map()))
  const found = new Map<string, BoardAgreement | null>()
  const missing: [string, RevisionKey[], string][] = []
  for (const [episode, revisions] of episodes) {
    const key = setKey(revisions)
    const kept = cache.get(key)
    if (kept !== undefined) found.set(episode, kept)
    else missing.push([episode, revisions, key])
  }
  await readInBatches(
    missing,
    EPISODES_PER_BATCH,
    (batch) =>
      revisionTexts(
        client,
        batch.flatMap(([, revisions]) => revisions),
      ),
    (batch, rows) => {
      const documents = checkedDocuments(rows)
      for (const [episode, revisions, key] of batch) {
        const sources = revisions.flatMap((r): AnalysisSource[] => {
          const document = documents.get(revisionKey(r.analysis, r.revision))
          return document ? [{ source: r.analysis, document }] : []
        })
        const result = measure(sources)
        found.set(episode, result)
        remember(cache, key, result)
      }
    },
  )
  return found
}

function remember(
  cache: Map<string, BoardAgreement | null>,
  key: string,
  result: BoardAgreement | null,
): void {
  if (cache.size >= KEPT_SETS) {
    const oldest = cache.keys().next()
    if (!oldest.done) cache.delete(oldest.value)
  }
  cache.set(key, result)
}

/**
 * Alpha (interval: scores are numbers on a scale) per dimension of every rubric among the documents,
 * with Krippendorff's band; null when fewer than two documents could be read or the agreement refuses
 * them (analyses of different episodes). A dimension left out of the measure has no alpha.
 */
export function measure(sources: readonly AnalysisSource[]): BoardAgreement | null {
  if (sources.length < 2) return null
  const ordered = [...sources].sort((a, b) => (a.source < b.source ? -1 : a.source > b.source ? 1 : 0))
  try {
    const detail = agreement(ordered)
    return dimensionKeys(ordered.map((s) => s.document)).map((dimension) => {
      const alpha = detail.dimensions[dimension]?.alpha.interval ?? null
      return { dimension, alpha, band: alpha === null ? null : alphaBand(alpha) }
    })
  } catch (error) {
    if (error instanceof UserError) return null
    throw error
  }
}

function dimensionKeys(documents: readonly EpisodeDocument[]): string[] {
  const keys: string[] = []
  for (const d of documents)
    for (const { key } of d.rubric.dimensions) if (!keys.includes(key)) keys.push(key)
  return keys
}

/** The lowest alpha of an agreement: where the board ranks it. */
export function worstAlpha(agreement: BoardAgreement | null): number | null {
  let worst: number | null = null
  for (const d of agreement ?? [])
    if (d.alpha !== null && (worst === null || d.alpha < worst)) worst = d.alpha
  return worst
}
