import type { ClientBase } from 'pg'
import type { CalibrationResult } from '../../../shared/contract/deskWork'
import type { EpisodeDocument } from '../../../shared/episodeFormat'
import type { Db } from '../../db/openDatabase'
import { deskAnalysisOf } from '../sync/deskAnalyses'
import { latestAnalyses, revisionDocuments, revisionKey, SUBMITTED_STATES } from './catalogueEpisodes'

/**
 * A reviewer's lean against the reference on a calibration episode: per dimension their mean chapter score,
 * the reference's, and the difference (theirs minus the reference's). Null until the assignment is a
 * calibration one, submitted, and its episode has a reference: before submitting, the reviewer scores blind.
 * `id` is this library's id of the analysis (its catalogue id where the two differ).
 */
export async function calibrationOf(
  db: Db,
  client: ClientBase,
  id: string,
): Promise<CalibrationResult | null> {
  const analysisId = deskAnalysisOf(db, id)?.analysisId ?? id
  const { rows } = await client.query<{ episode: string; reference: string | null }>(
    `SELECT s.episode, f.analysis_id AS reference
     FROM assignments s LEFT JOIN episode_reference f ON f.episode = s.episode
     WHERE s.analysis_id = $1 AND s.calibration AND s.state = ANY($2::text[])`,
    [analysisId, [...SUBMITTED_STATES]],
  )
  const row = rows[0]
  if (!row || row.reference === null) return null
  const latest = await latestAnalyses(client, [analysisId, row.reference])
  const documents = await revisionDocuments(
    client,
    latest.map((l) => ({ analysis: l.id, revision: l.revision })),
  )
  const documentOf = (analysis: string): EpisodeDocument | undefined => {
    const l = latest.find((x) => x.id === analysis)
    return l && documents.get(revisionKey(l.id, l.revision))
  }
  const mine = documentOf(analysisId)
  const reference = documentOf(row.reference)
  if (!mine || !reference) return null
  const keys = [...new Set([...reference.rubric.dimensions, ...mine.rubric.dimensions].map((d) => d.key))]
  return {
    episode: row.episode,
    reference: row.reference,
    dimensions: keys.map((dimension) => {
      const m = meanScore(mine, dimension)
      const r = meanScore(reference, dimension)
      return { dimension, mine: m, reference: r, difference: m === null || r === null ? null : m - r }
    }),
  }
}

/** The mean of a document's chapter scores on one dimension; null when no chapter scores it. */
export function meanScore(document: EpisodeDocument, dimension: string): number | null {
  let sum = 0
  let n = 0
  for (const chapter of document.chapters) {
    const value = chapter.scores[dimension]?.value
    if (value === null || value === undefined) continue
    sum += value
    n++
  }
  return n === 0 ? null : sum / n
}
