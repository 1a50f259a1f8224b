import type { ClientBase } from 'pg'
import { alphaBand } from '../../../shared/agreement'
import type { BoardEpisode } from '../../../shared/contract/deskWork'
import type { EpisodeDocument } from '../../../shared/episodeFormat'
import { agreement, type AnalysisSource } from '../../agreement/agreement'
import type { Db } from '../../db/openDatabase'
import { UserError } from '../../errors'
import type { DeskService } from '../deskService'
import { deskLink } from '../sync/deskLink'
import { readDocumentsInBatches, revisionKey, type RevisionKey } from './catalogueEpisodes'
import { storedJson } from './storedJson'

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
/**
 * The version of {@link measure} whose figures the library keeps: raise it when the measure changes
 * (the agreement's units, its alpha, the dimensions listed), so a library measures again.
 */
export const BOARD_MEASURE = 1

/** The cache key of a set of revisions: order-free. */
export const setKey = (revisions: readonly RevisionKey[]): string =>
  revisions
    .map((r) => revisionKey(r.analysis, r.revision))
    .sort()
    .join('\n')

/**
 * The catalogue the library's kept figures are of: its desk link's URL (no secret in it). A library
 * linked to another catalogue keeps no figure of the first that could pass for one of the second.
 */
export function catalogueOf(db: Db): string {
  return deskLink(db)?.url ?? ''
}

/**
 * Writes figures into the library's cache, all or nothing. A library opened read-only (or locked by a
 * long write elsewhere) keeps nothing: the figures were measured and are shown, only measured again next time.
 */
export function keepInLibrary(db: Db, write: () => void): void {
  if (db.readonly) return
  try {
    db.transaction(write)()
  } catch (error) {
    const code = (error as { code?: unknown }).code
    if (typeof code === 'string' && code.startsWith('SQLITE_')) return
    throw error
  }
}

/**
 * The agreement of each episode's submitted revisions (two or more each), by episode: from the process's
 * memory where that set was measured before, else from the library (which keeps each episode's last
 * measured set, so a new process, the CLI or the app started again, reads no document for an episode
 * whose submissions have not moved), else from their documents, read a few episodes at a time and kept.
 */
export async function boardAgreements(
  client: ClientBase,
  desk: DeskService,
  db: Db,
  episodes: ReadonlyMap<string, RevisionKey[]>,
  readAhead: KeptAgreements | null = null,
): Promise<Map<string, BoardAgreement | null>> {
  let cache = measured.get(desk)
  if (!cache) measured.set(desk, (cache = new Map()))
  const found = new Map<string, BoardAgreement | null>()
  const catalogue = catalogueOf(db)
  const notInMemory: [string, RevisionKey[], string][] = []
  for (const [episode, revisions] of episodes) {
    const key = setKey(revisions)
    const remembered = cache.get(key)
    if (remembered !== undefined) found.set(episode, remembered)
    else notInMemory.push([episode, revisions, key])
  }
  const kept = notInMemory.length === 0 ? new Map() : (readAhead ?? keptAgreements(db))
  const missing: [string, RevisionKey[], string][] = []
  for (const [episode, revisions, key] of notInMemory) {
    const row = kept.get(episode)
    const stored = row?.revisions === key ? row.agreement : undefined
    if (stored !== undefined) {
      found.set(episode, stored)
      remember(cache, key, stored)
    } else missing.push([episode, revisions, key])
  }
  const keep = db.prepare(
    `INSERT INTO desk_board_agreements (catalogue, episode, revisions, measure, agreement)
     VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (catalogue, episode) DO UPDATE
       SET revisions = excluded.revisions, measure = excluded.measure, agreement = excluded.agreement`,
  )
  await readDocumentsInBatches(
    client,
    missing,
    EPISODES_PER_BATCH,
    (batch) => batch.flatMap(([, revisions]) => revisions),
    (batch, documents) => {
      const measuredNow = batch.map(([episode, revisions, key]) => {
        const sources = revisions.flatMap((r): AnalysisSource[] => {
          const document = documents.get(revisionKey(r.analysis, r.revision))
          return document ? [{ source: r.analysis, document }] : []
        })
        const result = measure(sources)
        found.set(episode, result)
        remember(cache, key, result)
        return { episode, key, result }
      })
      keepInLibrary(db, () => {
        for (const { episode, key, result } of measuredNow)
          keep.run(catalogue, episode, key, BOARD_MEASURE, result === null ? null : JSON.stringify(result))
      })
    },
  )
  return found
}

/** The library's kept figures of the catalogue it is linked to, by episode: the set measured and its figure. */
export type KeptAgreements = ReadonlyMap<
  string,
  { revisions: string; agreement: BoardAgreement | null | undefined }
>

/**
 * The library's kept figures of this catalogue, read in one query (a new process's whole board) rather
 * than one per episode, each checked as it is read (undefined: not a figure, measured again).
 */
export function keptAgreements(db: Db): KeptAgreements {
  const rows = db
    .prepare<[string, number], { episode: string; revisions: string; agreement: string | null }>(
      `SELECT episode, revisions, agreement FROM desk_board_agreements WHERE catalogue = ? AND measure = ?`,
    )
    .all(catalogueOf(db), BOARD_MEASURE)
  return new Map(
    rows.map((r) => [r.episode, { revisions: r.revisions, agreement: storedAgreement(r.agreement) }]),
  )
}

/**
 * For a first look (nothing measured yet in this process), the library's kept figures, read while the
 * catalogue works on the board's rows (~0.1 s for a season of 10,000 episodes, this thread idle); null
 * when this process has measured before, and remembers what it would read.
 */
export const keptAgreementsAhead = (desk: DeskService, db: Db): KeptAgreements | null =>
  (measured.get(desk)?.size ?? 0) > 0 ? null : keptAgreements(db)

/**
 * An agreement as the library keeps it, checked as it is read back: undefined, so measured again, for
 * anything that is not one.
 */
const storedAgreement = (text: string | null): BoardAgreement | null | undefined =>
  storedJson(text, agreementOf)

function agreementOf(value: unknown): BoardAgreement | undefined {
  if (!Array.isArray(value)) return undefined
  const valid = value.every((d: unknown) => {
    if (d === null || typeof d !== 'object') return false
    const { dimension, alpha } = d as Record<string, unknown>
    return (
      typeof dimension === 'string' &&
      (alpha === null || (typeof alpha === 'number' && Number.isFinite(alpha)))
    )
  })
  if (!valid) return undefined
  // The band is the alpha's, as the board would say it now.
  return (value as { dimension: string; alpha: number | null }[]).map(({ dimension, alpha }) => ({
    dimension,
    alpha,
    band: alpha === null ? null : alphaBand(alpha),
  }))
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
