import fs from 'node:fs'
import path from 'node:path'
import type { Db } from '../db/openDatabase'
import { UserError } from '../errors'
import { sha256File } from '../media/hashFile'
import { probeMedia } from '../media/probeMedia'
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
  const mediaPath = path.resolve(file)
  const probe = await probeMedia(mediaPath)
  const sha256 = await sha256File(mediaPath)
  const size = fs.statSync(mediaPath).size
  db.transaction(() => {
    db.prepare(
      `UPDATE media SET path = ?, file_name = ?, sha256 = ?, size_bytes = ?, kind = ?, duration_seconds = ?,
         audio_codec = ?, video_codec = ? WHERE episode_id = ?`,
    ).run(
      mediaPath,
      path.basename(mediaPath),
      sha256,
      size,
      probe.kind,
      probe.durationSeconds,
      probe.audioCodec,
      probe.videoCodec,
      episodeId,
    )
    if (sha256 !== current.sha256)
      db.prepare(`UPDATE episodes SET duration_seconds = ?, updated_at = ? WHERE id = ?`).run(
        probe.durationSeconds,
        new Date().toISOString(),
        episodeId,
      )
  })()
  return { sameContent: sha256 === current.sha256 }
}
