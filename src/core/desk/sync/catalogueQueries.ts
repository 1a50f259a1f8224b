import type { ClientBase } from 'pg'
import type { CatalogueAnalysis, RevisionEntry } from '../../../shared/contract/desk'
import type { Db } from '../../db/openDatabase'
import { deskAnalyses } from './deskAnalyses'

/** Every analysis in the catalogue at its latest revision, without its document: `desk list`. */
export async function catalogueAnalyses(db: Db, client: ClientBase): Promise<CatalogueAnalysis[]> {
  const { rows } = await client.query<Omit<CatalogueAnalysis, 'here'>>(
    `SELECT DISTINCT ON (r.analysis_id) r.analysis_id AS id, r.show, r.title, a.owner, a.kind, r.status, r.revision
     FROM revisions r JOIN analyses a ON a.id = r.analysis_id
     ORDER BY r.analysis_id, r.revision DESC`,
  )
  const here = new Map(deskAnalyses(db).map((a) => [a.analysisId, a.episodeId]))
  return rows.map((r) => ({ ...r, here: here.get(r.id) ?? null }))
}

/** Who changed an analysis and when, oldest first; empty when the catalogue has no such analysis. */
export async function analysisHistory(client: ClientBase, id: string): Promise<RevisionEntry[]> {
  const { rows } = await client.query<Omit<RevisionEntry, 'madeAt'> & { madeAt: Date }>(
    `SELECT revision, owner, made_at AS "madeAt", title, status, content_hash AS "contentHash"
     FROM revisions WHERE analysis_id = $1 ORDER BY revision`,
    [id],
  )
  return rows.map((r) => ({ ...r, madeAt: r.madeAt.toISOString() }))
}
