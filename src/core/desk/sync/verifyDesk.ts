import type { DeskDifference } from '../../../shared/contract/desk'
import type { ClientBase } from 'pg'
import type { Db } from '../../db/openDatabase'
import { UserError } from '../../errors'
import { analysisDocument } from './analysisDocument'
import { deskAnalyses } from './deskAnalyses'

/**
 * Compares each synced analysis here with the catalogue's latest revision by content hash (the document
 * exported now, so a copy changed behind the sync's back is found too). Changes still waiting to be pushed
 * are a difference: the catalogue does not have them yet.
 */
export async function verifyDesk(db: Db, client: ClientBase): Promise<DeskDifference[]> {
  const here = deskAnalyses(db)
  const { rows } = await client.query<{ analysis_id: string; revision: number; content_hash: string }>(
    `SELECT DISTINCT ON (analysis_id) analysis_id, revision, content_hash FROM revisions
     WHERE analysis_id = ANY($1) ORDER BY analysis_id, revision DESC`,
    [here.map((a) => a.analysisId)],
  )
  const latest = new Map(rows.map((r) => [r.analysis_id, r]))
  const waiting = new Set(
    (db.prepare(`SELECT episode_id FROM desk_outbox`).all() as { episode_id: string }[]).map(
      (r) => r.episode_id,
    ),
  )
  const differences: DeskDifference[] = []
  for (const a of here) {
    const at = { episodeId: a.episodeId, analysisId: a.analysisId }
    const there = latest.get(a.analysisId)
    const exists = db.prepare(`SELECT trashed_at FROM episodes WHERE id = ?`).get(a.episodeId) as
      { trashed_at: string | null } | undefined
    // Deleted or in the trash here: no longer a synced copy (the catalogue keeps every revision).
    if (!exists || exists.trashed_at !== null) continue
    if (!there) {
      if (a.revision > 0) differences.push({ ...at, problem: 'the catalogue has no revision of it' })
      continue
    }
    if (waiting.has(a.episodeId)) {
      differences.push({ ...at, problem: 'changes here are waiting to be pushed' })
      continue
    }
    if (there.revision !== a.revision) {
      differences.push({
        ...at,
        problem: `here at revision ${a.revision}, the catalogue at ${there.revision}`,
      })
      continue
    }
    let hash: string
    try {
      hash = analysisDocument(db, a.episodeId, a.analysisId).hash
    } catch (error) {
      if (!(error instanceof UserError)) throw error
      differences.push({ ...at, problem: `cannot be exported: ${error.message.split('\n').join(' ')}` })
      continue
    }
    if (hash !== there.content_hash)
      differences.push({
        ...at,
        problem: `its content differs from revision ${there.revision} in the catalogue`,
      })
  }
  return differences
}
