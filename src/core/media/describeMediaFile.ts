import fs from 'node:fs'
import path from 'node:path'
import { MAX_DURATION_SECONDS } from '../../shared/episodeLimits'
import { formatClock } from '../../shared/time'
import { UserError } from '../errors'
import { checkedMediaLength } from './decodedLength'
import { sha256File } from './hashFile'
import { probeMedia, type MediaProbe } from './probeMedia'

export interface MediaFile {
  path: string
  fileName: string
  sizeBytes: number
  /** When the file was last modified: with the size, how a shell tells the file was replaced. */
  mtimeMs: number
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
  // The limit of episode JSON: checked before a week of audio would be decoded to measure it.
  if (probe.durationSeconds > MAX_DURATION_SECONDS)
    throw new UserError(
      'invalid-input',
      `${path.basename(mediaPath)} declares ${formatClock(probe.durationSeconds)}: an episode is at most 7 days long`,
    )
  const length = await checkedMediaLength(mediaPath, probe.durationSeconds)
  // Taken before hashing: a file changed while it is hashed then reads as changed at the next play.
  const stat = fs.statSync(mediaPath)
  return {
    path: mediaPath,
    fileName: path.basename(mediaPath),
    sizeBytes: stat.size,
    mtimeMs: stat.mtimeMs,
    sha256: await sha256File(mediaPath),
    probe: { ...probe, durationSeconds: length.durationSeconds },
    declaredSeconds: length.declaredSeconds,
  }
}

/** The `media` table's columns a media file fills, in the order of {@link mediaColumnValues}. */
export const MEDIA_COLUMNS = [
  'path',
  'file_name',
  'sha256',
  'size_bytes',
  'kind',
  'duration_seconds',
  'audio_codec',
  'video_codec',
  'declared_seconds',
  'mtime_ms',
  'changed_sha256',
] as const

/**
 * What linking a media file to an episode needs of it: what the `media` table keeps, which a file
 * already in the library gives again without being probed and decoded a second time.
 */
export type LinkableMedia = Omit<MediaFile, 'probe'> & {
  probe: Pick<MediaProbe, 'kind' | 'durationSeconds' | 'videoCodec'> & { audioCodec: string | null }
}

/** A media file's values for {@link MEDIA_COLUMNS}: one order for an episode's insert and its relink. */
export const mediaColumnValues = (media: LinkableMedia): (string | number | null)[] => [
  media.path,
  media.fileName,
  media.sha256,
  media.sizeBytes,
  media.probe.kind,
  media.probe.durationSeconds,
  media.probe.audioCodec,
  media.probe.videoCodec,
  media.declaredSeconds,
  media.mtimeMs,
  // The file just described is the episode's media: nothing is found changed yet.
  null,
]
