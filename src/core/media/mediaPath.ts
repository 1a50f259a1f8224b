import fs from 'node:fs'
import type { Db } from '../db/openDatabase'
import { UserError } from '../errors'
import { mediaRow } from '../episodes/episodeQueries'
import { sha256File } from './hashFile'

/**
 * An episode's media as a shell serves it: where it is and the size and modification time it had when
 * the episode was made (or last found unchanged). A shell keeps this and stats the file on each range
 * request; when the stat differs it stops serving and asks {@link servableMedia} again.
 */
export interface ServedMedia {
  path: string
  fileName: string
  sizeBytes: number
  mtimeMs: number
}

/** The file behind an episode's media: looked up by episode id only, never from a path in a request. */
export function mediaFileOf(db: Db, episodeId: string): { path: string; fileName: string } {
  const media = mediaRow(db, episodeId)
  if (!media) throw new UserError('not-found', 'this episode has no media')
  return { path: media.path, fileName: media.file_name }
}

/** The media's file is not there (moved, deleted, a disk not connected): the page offers a relink. */
export class MediaMissing extends UserError {
  constructor(fileName: string) {
    super('not-found', `the media file is missing: ${fileName}`)
  }
}

/** The refusal for media whose content is not what the episode was made from. */
export const mediaChanged = (fileName: string): UserError =>
  new UserError(
    'conflict',
    `the media file ${fileName} was replaced on disk by other content after the episode was made; relink it to use the new file (the times may no longer match)`,
  )

// One hash per episode at a time, however many range requests arrive while it runs.
const checks = new Map<string, Promise<ServedMedia>>()

/**
 * The episode's media, checked against what was recorded: a file whose size or modification time
 * changed is hashed again. The same content has its new stat recorded and is served; other content is
 * recorded as changed (the episode's view shows it) and refused until the editor relinks.
 */
export function servableMedia(db: Db, episodeId: string): Promise<ServedMedia> {
  const running = checks.get(episodeId)
  if (running) return running
  const check = checkMedia(db, episodeId).finally(() => checks.delete(episodeId))
  checks.set(episodeId, check)
  return check
}

async function checkMedia(db: Db, episodeId: string): Promise<ServedMedia> {
  const media = mediaRow(db, episodeId)
  if (!media) throw new UserError('not-found', 'this episode has no media')
  let stat: fs.Stats
  try {
    stat = await fs.promises.stat(media.path)
  } catch {
    throw new MediaMissing(media.file_name)
  }
  if (!stat.isFile()) throw new MediaMissing(media.file_name)
  const served = { path: media.path, fileName: media.file_name, sizeBytes: stat.size, mtimeMs: stat.mtimeMs }
  // As last checked: served, or still refused (the other content's stat was recorded with its hash).
  if (media.size_bytes === stat.size && media.mtime_ms === stat.mtimeMs) {
    if (media.changed_sha256 === null) return served
    throw mediaChanged(media.file_name)
  }
  const sha256 = await sha256File(media.path)
  const same = sha256 === media.sha256
  // Only if the row is still the one hashed: a relink meanwhile has recorded its own file.
  db.prepare(
    `UPDATE media SET size_bytes = ?, mtime_ms = ?, changed_sha256 = ? WHERE episode_id = ? AND path = ? AND sha256 = ?`,
  ).run(stat.size, stat.mtimeMs, same ? null : sha256, episodeId, media.path, media.sha256)
  if (!same) throw mediaChanged(media.file_name)
  return served
}

/**
 * The open's look at the media, so that the episode it answers says what a play would find: a file
 * whose size or modification time is not the one recorded (replaced, cut short, put back, touched) is
 * checked as a play checks it (hashed once, the new stat recorded), and other content is shown as
 * changed at once, not only after the page has asked for the media. A page shows no player for
 * changed media, so no range request would ever find the original put back: this does. A file as
 * recorded is not read; a missing one is shown missing by the view.
 */
export async function recheckMedia(db: Db, episodeId: string): Promise<void> {
  const media = mediaRow(db, episodeId)
  if (!media || media.path === '') return
  const stat = await fs.promises.stat(media.path).catch(() => null)
  if (!stat?.isFile()) return
  // As recorded: unchanged, or still the other content found last time.
  if (stat.size === media.size_bytes && stat.mtimeMs === media.mtime_ms) return
  await servableMedia(db, episodeId).catch(() => undefined)
}
