import type { Db } from '../db/openDatabase'
import { UserError } from '../errors'
import { describeMediaFile, MEDIA_COLUMNS, mediaColumnValues } from '../media/describeMediaFile'
import { mediaRow } from './episodeQueries'

/**
 * Points an episode at its media file again after it was moved or renamed. The analysis is kept
 * whatever the file; `sameContent` is false when the new file is not the one the episode was made
 * from (another hash), so the editor can be warned that times may no longer match.
 */
export async function relinkMedia(
  db: Db,
  episodeId: string,
  file: string,
): Promise<{ sameContent: boolean }> {
  const current = mediaRow(db, episodeId)
  if (!current) throw new UserError('not-found', `episode ${episodeId} has no media to relink`)
  const media = await describeMediaFile(file)
  const { probe, sha256 } = media
  db.transaction(() => {
    db.prepare(
      `UPDATE media SET ${MEDIA_COLUMNS.map((c) => `${c} = ?`).join(', ')} WHERE episode_id = ?`,
    ).run(...mediaColumnValues(media), episodeId)
    if (sha256 !== current.sha256)
      db.prepare(`UPDATE episodes SET duration_seconds = ?, updated_at = ? WHERE id = ?`).run(
        probe.durationSeconds,
        new Date().toISOString(),
        episodeId,
      )
  })()
  return { sameContent: sha256 === current.sha256 }
}
