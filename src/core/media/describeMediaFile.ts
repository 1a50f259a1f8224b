import fs from 'node:fs'
import path from 'node:path'
import { checkedMediaLength } from './decodedLength'
import { sha256File } from './hashFile'
import { probeMedia, type MediaProbe } from './probeMedia'

export interface MediaFile {
  path: string
  fileName: string
  sizeBytes: number
  sha256: string
  /** As ffprobe says, but for the duration: the decoded length where the declared one is off. */
  probe: MediaProbe
  /** The length the file declares, when it is not what decodes; null when it is. */
  declaredSeconds: number | null
}

/**
 * Everything the database keeps of a media file; refuses what is not usable media, and a file with
 * under a second of decodable audio. An episode never claims more media than decodes.
 */
export async function describeMediaFile(file: string): Promise<MediaFile> {
  const mediaPath = path.resolve(file)
  const probe = await probeMedia(mediaPath)
  const length = await checkedMediaLength(mediaPath, probe.durationSeconds)
  return {
    path: mediaPath,
    fileName: path.basename(mediaPath),
    sizeBytes: fs.statSync(mediaPath).size,
    sha256: await sha256File(mediaPath),
    probe: { ...probe, durationSeconds: length.durationSeconds },
    declaredSeconds: length.declaredSeconds,
  }
}
