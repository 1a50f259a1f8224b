import type { Db } from '../db/openDatabase'
import { UserError } from '../errors'
import { mediaRow } from '../episodes/episodeQueries'

/** The file behind an episode's media: looked up by episode id only, never from a path in a request. */
export function mediaFileOf(db: Db, episodeId: string): { path: string; fileName: string } {
  const media = mediaRow(db, episodeId)
  if (!media) throw new UserError('not-found', 'this episode has no media')
  return { path: media.path, fileName: media.file_name }
}
