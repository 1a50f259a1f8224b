import type { Db } from '../../db/openDatabase'

/** What the library knows of one of its analyses in the catalogue. */
export interface DeskAnalysis {
  episodeId: string
  analysisId: string
  owner: string
  /** Pushed from here (this person's); false for one pulled from someone else, which is not edited here. */
  mine: boolean
  /** The catalogue revision this copy is at; 0 before its first push was acknowledged. */
  revision: number
  contentHash: string | null
  pending: { revision: number; hash: string } | null
  /** This is a change kept apart from that analysis (a conflict), not yet reported by a sync. */
  conflictOf?: string | null
}

interface Row {
  episode_id: string
  analysis_id: string
  owner: string
  mine: number
  revision: number
  content_hash: string | null
  pending_revision: number | null
  pending_hash: string | null
  conflict_of: string | null
}

const fromRow = (row: Row): DeskAnalysis => ({
  episodeId: row.episode_id,
  analysisId: row.analysis_id,
  owner: row.owner,
  mine: row.mine === 1,
  revision: row.revision,
  contentHash: row.content_hash,
  pending:
    row.pending_revision !== null && row.pending_hash !== null
      ? { revision: row.pending_revision, hash: row.pending_hash }
      : null,
  conflictOf: row.conflict_of,
})

export function deskAnalysisOf(db: Db, episodeId: string): DeskAnalysis | null {
  const row = db.prepare(`SELECT * FROM desk_analyses WHERE episode_id = ?`).get(episodeId) as Row | undefined
  return row ? fromRow(row) : null
}

export function deskAnalyses(db: Db): DeskAnalysis[] {
  return (db.prepare(`SELECT * FROM desk_analyses ORDER BY episode_id`).all() as Row[]).map(fromRow)
}

export function saveDeskAnalysis(db: Db, a: DeskAnalysis): void {
  db.prepare(
    `INSERT INTO desk_analyses (episode_id, analysis_id, owner, mine, revision, content_hash, pending_revision, pending_hash, conflict_of)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (episode_id) DO UPDATE SET analysis_id = excluded.analysis_id, owner = excluded.owner,
       mine = excluded.mine, revision = excluded.revision, content_hash = excluded.content_hash,
       pending_revision = excluded.pending_revision, pending_hash = excluded.pending_hash,
       conflict_of = excluded.conflict_of`,
  ).run(
    a.episodeId,
    a.analysisId,
    a.owner,
    a.mine ? 1 : 0,
    a.revision,
    a.contentHash,
    a.pending?.revision ?? null,
    a.pending?.hash ?? null,
    a.conflictOf ?? null,
  )
}

/** Whether an analysis is someone else's, pulled from the desk: it is read here, never changed in place. */
export const pulledOwner = (db: Db, episodeId: string): string | null => {
  const row = db
    .prepare(`SELECT owner FROM desk_analyses WHERE episode_id = ? AND mine = 0`)
    .get(episodeId) as { owner: string } | undefined
  return row?.owner ?? null
}
