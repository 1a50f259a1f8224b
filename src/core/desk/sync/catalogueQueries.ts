import type { CatalogueAnalysis, RevisionEntry } from '../../../shared/contract/desk'
import type { ClientBase } from 'pg'
import type { Db } from '../../db/openDatabase'
import { deskAnalyses } from './deskAnalyses'

/** Every analysis in the catalogue at its latest revision: `desk list`. */
export async function catalogueAnalyses(db: Db, client: ClientBase): Promise<CatalogueAnalysis[]> {
  const { rows } = await client.query<{
    analysis_id: string
    show: string | null
    title: string
    owner: string
    kind: string
    status: string
    revision: number
  }>(
    `SELECT DISTINCT ON (r.analysis_id) r.analysis_id, r.show, r.title, a.owner, a.kind, r.status, r.revision
     FROM revisions r JOIN analyses a ON a.id = r.analysis_id
     ORDER BY r.analysis_id, r.revision DESC`,
  )
  const here = new Map(deskAnalyses(db).map((a) => [a.analysisId, a.episodeId]))
  return rows.map((r) => ({
    id: r.analysis_id,
    show: r.show,
    title: r.title,
    owner: r.owner,
    kind: r.kind,
    status: r.status,
    revision: r.revision,
    here: here.get(r.analysis_id) ?? null,
  }))
}

/** Who changed an analysis and when, oldest first; empty when the catalogue has no such analysis. */
export async function analysisHistory(client: ClientBase, id: string): Promise<RevisionEntry[]> {
  const { rows } = await client.query<{
    revision: number
    owner: string
    made_at: Date
    title: string
    status: string
    content_hash: string
  }>(
    `SELECT revision, owner, made_at, title, status, content_hash FROM revisions WHERE analysis_id = $1 ORDER BY revision`,
    [id],
  )
  return rows.map((r) => ({
    revision: r.revision,
    owner: r.owner,
    madeAt: r.made_at.toISOString(),
    title: r.title,
    status: r.status,
    contentHash: r.content_hash,
  }))
}
