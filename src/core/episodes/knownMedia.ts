import fs from 'node:fs'
import type { Db } from '../db/openDatabase'
import type { LinkableMedia } from '../media/describeMediaFile'
import { sha256File } from '../media/hashFile'
import type { MediaRow } from './episodeRows'

/**
 * A file another episode of the library links with this content, still on disk with it; null when
 * there is none. Its description is the one recorded at its link (kind, length, codecs): the same
 * content probes the same, and a library of a season sharing one file is not probed, decoded and
 * hashed again for each episode loaded.
 *
 * A file whose size and modification time are those recorded is taken as unchanged without reading
 * it: it is the test the shells make before serving any media, and every serve repeats it, so a file
 * changed later is still caught at the first play. A file of the recorded size with another time (a
 * copy, a touch) is hashed once; another size is other content, and is passed over unread. Media found
 * changed on disk (`changed_sha256`) is never offered.
 */
export async function knownMediaFile(db: Db, sha256: string): Promise<LinkableMedia | null> {
  const rows = db
    .prepare(
      `SELECT * FROM media WHERE sha256 = ? AND path != '' AND changed_sha256 IS NULL
       ORDER BY mtime_ms IS NULL, episode_id`,
    )
    .all(sha256) as MediaRow[]
  const tried = new Set<string>()
  for (const row of rows) {
    if (tried.has(row.path)) continue
    tried.add(row.path)
    const stat = await fs.promises.stat(row.path).catch(() => null)
    if (!stat?.isFile() || stat.size !== row.size_bytes) continue
    const unchanged = row.mtime_ms === stat.mtimeMs
    if (!unchanged && (await sha256File(row.path).catch(() => null)) !== sha256) continue
    return {
      path: row.path,
      fileName: row.file_name,
      sizeBytes: stat.size,
      mtimeMs: stat.mtimeMs,
      sha256,
      probe: {
        kind: row.kind,
        durationSeconds: row.duration_seconds,
        audioCodec: row.audio_codec,
        videoCodec: row.video_codec,
      },
      // The other episode's may be the length its own file claimed, not the media's header: the new
      // episode's claim is compared with what decodes as it is linked (linkMedia).
      declaredSeconds: null,
    }
  }
  return null
}
