import { createHash } from 'node:crypto'
import type pg from 'pg'
import { contentHash } from '../../src/core/desk/sync/analysisDocument'
import type { EpisodeDocument } from '../../src/shared/episodeFormat'
import { SEED_DIMENSIONS } from '../../src/shared/rubric'
import { withDerivedFields } from '../machineEpisode'
import { personsAnalysis } from './faultHelpers'

export const DIMENSIONS = SEED_DIMENSIONS.map((d) => d.key)

/** Scores per chapter (the three chapters of the machine episode), one value per seed dimension. */
export type Scores = [number, number, number, number][]

/**
 * A real episode document (the pipeline's ten-minute interview) of the media `mediaKey` names, in
 * `show`, with the chapter scores given: analyses with one key are analyses of one episode.
 */
export function scoredDocument(
  id: string,
  mediaKey: string,
  scores: Scores,
  options: { reviewer?: string | null; show?: string } = {},
): EpisodeDocument {
  const doc = personsAnalysis(id, options.reviewer ?? 'Someone', mediaKey)
  return withDerivedFields({
    ...doc,
    episode: { ...doc.episode, show: options.show ?? doc.episode.show },
    review: { ...doc.review, reviewer: options.reviewer === undefined ? 'Someone' : options.reviewer },
    chapters: doc.chapters.map((c, i) => ({
      ...c,
      scores: Object.fromEntries(
        DIMENSIONS.map((key, d) => [
          key,
          { ...c.scores[key], value: scores[i]?.[d] ?? null, reasoning: 'r' },
        ]),
      ),
    })),
  })
}

export const mediaOf = (mediaKey: string): string => createHash('sha256').update(mediaKey).digest('hex')

/**
 * Pushes `doc` as `client`'s person would (the catalogue's own rules apply): the analysis on its first
 * revision, the next revision after. `madeAt` sets when the revision was made.
 */
export async function pushAnalysis(
  client: pg.Client,
  kind: 'person' | 'machine' | 'consensus',
  doc: EpisodeDocument,
  madeAt?: string,
): Promise<number> {
  const id = doc.episode.id
  const { rows } = await client.query<{ revision: number | null }>(
    `SELECT max(revision) AS revision FROM revisions WHERE analysis_id = $1`,
    [id],
  )
  const previous = rows[0]?.revision ?? null
  if (previous === null) await client.query(`INSERT INTO analyses (id, kind) VALUES ($1, $2)`, [id, kind])
  const revision = (previous ?? 0) + 1
  await client.query(
    `INSERT INTO revisions (analysis_id, revision, base_revision, show, title, status, media_sha256,
       content_hash, document, made_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, coalesce($10::timestamptz, now()))`,
    [
      id,
      revision,
      previous,
      doc.episode.show,
      doc.episode.title,
      doc.review.status,
      doc.episode.media?.sha256 ?? null,
      contentHash(doc),
      JSON.stringify(doc),
      madeAt ?? null,
    ],
  )
  return revision
}

/** The lead assigns `reviewer` to the episode (straight into the catalogue, as desk assign will). */
export async function assign(
  lead: pg.Client,
  episode: string,
  mediaKey: string,
  reviewer: string,
  options: { source?: string; calibration?: boolean } = {},
): Promise<string> {
  const analysis = `${options.source ?? episode}-${reviewer}`
  await lead.query(
    `INSERT INTO assignments (episode, media_sha256, reviewer, analysis_id, source_analysis, calibration)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [episode, mediaOf(mediaKey), reviewer, analysis, options.source ?? episode, options.calibration ?? false],
  )
  return analysis
}

/** The reviewer submits their own assignment (their row, the two columns granted), on `at`. */
export async function submit(
  reviewer: pg.Client,
  analysis: string,
  at = new Date().toISOString(),
): Promise<void> {
  const { rowCount } = await reviewer.query(
    `UPDATE assignments SET state = 'submitted', submitted_at = $2 WHERE analysis_id = $1`,
    [analysis, at],
  )
  if (rowCount !== 1) throw new Error(`${analysis} was not submitted`)
}
