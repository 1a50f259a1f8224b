import type { QueueItem } from '../../../shared/contract/deskWork'
import type { Db } from '../../db/openDatabase'
import type { AssignmentRow } from './assignmentRows'

interface CachedRow {
  analysis_id: string
  episode: string
  reviewer: string
  source_analysis: string | null
  media_sha256: string | null
  state: AssignmentRow['state']
  due: string | null
  blind: number
  calibration: number
  note: string | null
  title: string | null
  show: string | null
}

/** Replaces the library's copy of this person's assignments with the catalogue's, in one transaction. */
export function cacheQueue(db: Db, rows: readonly AssignmentRow[], now = new Date()): void {
  const insert = db.prepare(
    `INSERT INTO desk_queue (analysis_id, episode, reviewer, source_analysis, media_sha256, state, due, blind,
       calibration, note, title, show, fetched_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
  db.transaction(() => {
    db.prepare(`DELETE FROM desk_queue`).run()
    for (const r of rows)
      insert.run(
        r.analysis_id,
        r.episode,
        r.reviewer,
        r.source_analysis,
        r.media_sha256,
        r.state,
        r.due,
        r.blind ? 1 : 0,
        r.calibration ? 1 : 0,
        r.note,
        r.title,
        r.show,
        now.toISOString(),
      )
  }).immediate()
}

/** The library's id of a catalogue analysis: the one it was synced as, else the same id when held here. */
export function hereId(db: Db, analysisId: string): string | null {
  const synced = db.prepare(`SELECT episode_id FROM desk_analyses WHERE analysis_id = ?`).get(analysisId) as
    { episode_id: string } | undefined
  if (synced) return synced.episode_id
  const same = db.prepare(`SELECT 1 FROM episodes WHERE id = ? AND trashed_at IS NULL`).get(analysisId)
  return same === undefined ? null : analysisId
}

/** The catalogue's id of one of this library's analyses (its own id until a sync says otherwise). */
export const catalogueIdOf = (db: Db, episodeId: string): string =>
  (
    db.prepare(`SELECT analysis_id FROM desk_analyses WHERE episode_id = ?`).get(episodeId) as
      { analysis_id: string } | undefined
  )?.analysis_id ?? episodeId

/** "My queue" as last read from the catalogue, due first. */
export function cachedQueue(db: Db): QueueItem[] {
  const rows = db.prepare(`SELECT * FROM desk_queue ORDER BY due IS NULL, due, episode`).all() as CachedRow[]
  return rows.map((r) => queueItem(db, r))
}

export function cachedAssignment(db: Db, analysisId: string): QueueItem | null {
  const row = db.prepare(`SELECT * FROM desk_queue WHERE analysis_id = ?`).get(analysisId) as
    CachedRow | undefined
  return row ? queueItem(db, row) : null
}

const queueItem = (db: Db, r: CachedRow): QueueItem => ({
  episode: r.episode,
  reviewer: r.reviewer,
  analysis: r.analysis_id,
  state: r.state,
  due: r.due,
  blind: r.blind === 1,
  calibration: r.calibration === 1,
  note: r.note,
  title: r.title,
  show: r.show,
  here: hereId(db, r.analysis_id),
})
