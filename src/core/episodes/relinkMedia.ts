import type { Db } from '../db/openDatabase'
import { UserError } from '../errors'
import { LENGTH_TOLERANCE_SECONDS } from '../media/decodedLength'
import { describeMediaFile, MEDIA_COLUMNS, mediaColumnValues } from '../media/describeMediaFile'
import { episodeRow, mediaRow } from './episodeQueries'

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
    else takeDecodedLength(db, episodeId, probe.durationSeconds)
  })()
  return { sameContent: sha256 === current.sha256 }
}

/**
 * The media of a loaded file, linked for the first time, may decode to another length than the file
 * gave (`episode.durationSeconds`). Further than a second away, the episode takes the length that
 * decodes, and keeps the file's as the media's declared length: the editor is shown both (the media
 * length problem and banner), as for a file cut short.
 */
function takeDecodedLength(db: Db, episodeId: string, decoded: number): void {
  const given = episodeRow(db, episodeId).duration_seconds
  if (Math.abs(decoded - given) <= LENGTH_TOLERANCE_SECONDS) return
  db.prepare(`UPDATE media SET declared_seconds = ? WHERE episode_id = ?`).run(given, episodeId)
  db.prepare(`UPDATE episodes SET duration_seconds = ?, updated_at = ? WHERE id = ?`).run(
    decoded,
    new Date().toISOString(),
    episodeId,
  )
}
