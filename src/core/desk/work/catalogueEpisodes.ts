import type { ClientBase } from 'pg'
import type { EpisodeDocument } from '../../../shared/episodeFormat'
import { UserError } from '../../errors'
import { checkEpisodeDocument } from '../../load/checkEpisodeFile'
import { parseEpisodeJson } from '../../load/episodeJsonText'

/** Whether the catalogue's connection is a lead's (or the catalogue's owner, a member of every role). */
export async function isLead(client: ClientBase): Promise<boolean> {
  const { rows } = await client.query<{ lead: boolean }>(
    `SELECT pg_has_role(current_user, 'episcore_lead', 'member') AS lead`,
  )
  return rows[0]?.lead === true
}

/**
 * Refuses what only a lead may do, before asking: the catalogue's row-level rules would not refuse a
 * reviewer reading the board, only show them their own rows, which reads as a board that is wrong.
 */
export async function refuseUnlessLead(client: ClientBase, user: string, what: string): Promise<void> {
  if (!(await isLead(client)))
    throw new UserError(
      'invalid-request',
      `${what} is the lead's: ${user || 'this person'} is not a lead of this desk (the catalogue shows a reviewer only their own assignments)`,
    )
}

/** PostgreSQL's refusal of a write the person's role is not granted, said as the desk's rule. */
export function refusedByRole(error: unknown, what: string): unknown {
  return (error as { code?: unknown }).code === '42501'
    ? new UserError('invalid-request', `the desk refused ${what}: only a lead may do it`)
    : error
}

/** An episode of the catalogue: the id of its first analysis, and the media its analyses share. */
export interface CatalogueEpisode {
  episode: string
  media: string | null
  title: string | null
  show: string | null
}

/** An analysis at its latest revision, without its document. */
export interface LatestAnalysis {
  id: string
  kind: 'person' | 'machine' | 'consensus'
  owner: string
  revision: number
  media: string | null
  madeAt: Date
}

/** The latest revision of each analysis named, without documents; those the catalogue lacks are absent. */
export async function latestAnalyses(client: ClientBase, ids: readonly string[]): Promise<LatestAnalysis[]> {
  if (ids.length === 0) return []
  const { rows } = await client.query<LatestAnalysis>(
    `SELECT DISTINCT ON (r.analysis_id) r.analysis_id AS id, a.kind, a.owner, r.revision,
       r.media_sha256 AS media, r.made_at AS "madeAt"
     FROM revisions r JOIN analyses a ON a.id = r.analysis_id
     WHERE r.analysis_id = ANY($1::text[])
     ORDER BY r.analysis_id, r.revision DESC`,
    [ids],
  )
  return rows
}

/**
 * The episode an analysis of the catalogue is of, named as the catalogue names it: the first analysis
 * (by when it came, then id) whose revisions share its media; an analysis naming no media is its own.
 */
export async function episodeOfAnalysis(client: ClientBase, id: string): Promise<CatalogueEpisode | null> {
  const [latest] = await latestAnalyses(client, [id])
  if (!latest) return null
  let episode = id
  if (latest.media !== null) {
    const { rows } = await client.query<{ id: string }>(
      `SELECT a.id FROM analyses a
       WHERE EXISTS (SELECT 1 FROM revisions r WHERE r.analysis_id = a.id AND r.media_sha256 = $1)
       ORDER BY a.created_at, a.id LIMIT 1`,
      [latest.media],
    )
    episode = rows[0]?.id ?? id
  }
  const { rows } = await client.query<{ title: string; show: string | null }>(
    `SELECT title, show FROM revisions WHERE analysis_id = $1 ORDER BY revision DESC LIMIT 1`,
    [episode],
  )
  return { episode, media: latest.media, title: rows[0]?.title ?? null, show: rows[0]?.show ?? null }
}

/** An analysis revision to read: its id and revision. */
export interface RevisionKey {
  analysis: string
  revision: number
}

/** One revision's document as the catalogue keeps it: text, not yet read. */
export interface RevisionText {
  analysis_id: string
  revision: number
  document: string
}

/** The texts of the revisions named, in one query. */
export async function revisionTexts(
  client: ClientBase,
  keys: readonly RevisionKey[],
): Promise<RevisionText[]> {
  if (keys.length === 0) return []
  const { rows } = await client.query<RevisionText>(
    `SELECT r.analysis_id, r.revision, r.document
     FROM revisions r JOIN unnest($1::text[], $2::int[]) AS k(analysis_id, revision)
       ON r.analysis_id = k.analysis_id AND r.revision = k.revision`,
    [keys.map((k) => k.analysis), keys.map((k) => k.revision)],
  )
  return rows
}

/**
 * Revision texts checked as episode JSON v1, by revision key. Without their transcripts, which scores never
 * need and which are most of a document's size and of its check's time. One that fails the check is left
 * out (the sync lists such a document as not taken, naming why).
 */
export function checkedDocuments(rows: readonly RevisionText[]): Map<string, EpisodeDocument> {
  const documents = new Map<string, EpisodeDocument>()
  for (const row of rows) {
    const name = `the desk's analysis ${row.analysis_id} (revision ${row.revision})`
    try {
      const parsed = parseEpisodeJson(row.document, name)
      const lean =
        parsed !== null && typeof parsed === 'object' ? { ...(parsed as object), transcript: null } : parsed
      documents.set(revisionKey(row.analysis_id, row.revision), checkEpisodeDocument(lean, name))
    } catch (error) {
      if (!(error instanceof UserError)) throw error
    }
  }
  return documents
}

/** The documents of the revisions named, checked (see {@link checkedDocuments}). */
export async function revisionDocuments(
  client: ClientBase,
  keys: readonly RevisionKey[],
): Promise<Map<string, EpisodeDocument>> {
  return checkedDocuments(await revisionTexts(client, keys))
}

/**
 * The documents of items' revisions read a batch at a time (the next batch asked while this one is used),
 * each checked as a pulled one is; a document that fails its check is absent from the batch's map.
 */
export function readDocumentsInBatches<T>(
  client: ClientBase,
  items: readonly T[],
  size: number,
  keysOf: (batch: T[]) => RevisionKey[],
  use: (batch: T[], documents: Map<string, EpisodeDocument>) => void,
): Promise<void> {
  return readInBatches(
    items,
    size,
    (batch) => revisionTexts(client, keysOf(batch)),
    (batch, rows) => use(batch, checkedDocuments(rows)),
  )
}

/**
 * Reads documents a batch at a time, asking for the next batch before checking the one in hand: the
 * server reads and sends while this process parses, rather than each waiting on the other.
 */
export async function readInBatches<T>(
  items: readonly T[],
  size: number,
  fetch: (batch: T[]) => Promise<RevisionText[]>,
  use: (batch: T[], rows: RevisionText[]) => void,
): Promise<void> {
  const batchAt = (i: number): T[] => items.slice(i, i + size)
  let next: Promise<RevisionText[]> | null = items.length > 0 ? fetch(batchAt(0)) : null
  for (let i = 0; i < items.length; i += size) {
    const rows = await (next as Promise<RevisionText[]>)
    next = i + size < items.length ? fetch(batchAt(i + size)) : null
    // A failure of the batch asked ahead is the loop's to throw, when it gets there; never unhandled.
    next?.catch(() => undefined)
    use(batchAt(i), rows)
  }
}

export const revisionKey = (analysis: string, revision: number): string => `${analysis}@${revision}`

/** The states in which an assignment's analysis counts as submitted work. */
export const SUBMITTED_STATES = ['submitted', 'consensus', 'published'] as const

/**
 * Runs the board's and the drift's reads in one read-only transaction without PostgreSQL's JIT: the
 * row-level policies make the planner's estimates for a season of episodes large enough to compile the
 * query, which took a second on its own against ~100 ms of work (measured on 10,000 episodes).
 */
export async function readWithoutJit<T>(client: ClientBase, work: () => Promise<T>): Promise<T> {
  await client.query('BEGIN READ ONLY')
  try {
    await client.query('SET LOCAL jit = off')
    const result = await work()
    await client.query('COMMIT')
    return result
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined)
    throw error
  }
}
