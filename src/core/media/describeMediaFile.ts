import fs from 'node:fs'
import path from 'node:path'
import { sha256File } from './hashFile'
import { probeMedia, type MediaProbe } from './probeMedia'

export interface MediaFile {
  path: string
  fileName: string
  sizeBytes: number
  sha256: string
  probe: MediaProbe
}

/** Everything the database keeps of a media file; refuses what is not usable media. */
export async function describeMediaFile(file: string): Promise<MediaFile> {
  const mediaPath = path.resolve(file)
  const probe = await probeMedia(mediaPath)
  return {
    path: mediaPath,
    fileName: path.basename(mediaPath),
    sizeBytes: fs.statSync(mediaPath).size,
    sha256: await sha256File(mediaPath),
    probe,
  }
}
