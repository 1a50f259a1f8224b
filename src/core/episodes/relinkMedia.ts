import type { Db } from '../db/openDatabase'
import { UserError } from '../errors'
import { clockMillis, lastMillis } from '../analysis/timeChecks'
import { LENGTH_TOLERANCE_SECONDS } from '../media/decodedLength'
import {
  describeMediaFile,
  MEDIA_COLUMNS,
  mediaColumnValues,
  type LinkableMedia,
} from '../media/describeMediaFile'
import { formatClock } from '../../shared/time'
import { episodeRow, mediaRow } from './episodeQueries'

/** Items named in a refusal; the rest are counted. */
const NAMED_PAST = 20

const titled = (what: string, title: string): string => (title ? `${what} "${title}"` : what)

/** Every item of the episode that ends (or sits) after `last`, in words, in time order. */
function itemsPast(db: Db, episodeId: string, last: number): string[] {
  const chapters = db
    .prepare(`SELECT title, start, end FROM chapters WHERE episode_id = ? ORDER BY start`)
    .all(episodeId) as { title: string; start: number; end: number }[]
  const found: { at: number; words: string }[] = []
  chapters.forEach((c, i) => {
    if (c.end > last)
      found.push({
        at: c.end,
        words: `${titled(`chapter ${i + 1}`, c.title)} (ends at ${clockMillis(c.end)})`,
      })
  })
  const ending = (table: 'statements' | 'transcript_segments', column: string, what: string): void => {
    const rows = db
      .prepare(`SELECT ${column} AS title, end FROM ${table} WHERE episode_id = ? AND end > ? ORDER BY end`)
      .all(episodeId, last) as { title: string; end: number }[]
    for (const r of rows)
      found.push({ at: r.end, words: `${titled(what, r.title)} (ends at ${clockMillis(r.end)})` })
  }
  ending('statements', 'title', 'statement')
  ending('transcript_segments', `substr(text, 1, 40)`, 'the transcript cue')
  const highlights = db
    .prepare(`SELECT title, time FROM highlights WHERE episode_id = ? AND time > ? ORDER BY time`)
    .all(episodeId, last) as { title: string; time: number }[]
  for (const h of highlights)
    found.push({ at: h.time, words: `${titled('highlight', h.title)} (at ${clockMillis(h.time)})` })
  return found.sort((a, b) => a.at - b.at).map((f) => f.words)
}

/**
 * Points an episode at its media file again after it was moved or renamed. The analysis is kept
 * whatever the file; `sameContent` is false when the new file is not the one the episode was made
 * from (another hash), so the editor can be warned that times may no longer match (and a final episode
 * goes back into review, outside the undo history as every relink is). Media shorter than
 * what the episode holds is refused, naming its length and each item past it: every time of an episode
 * lies within its media, which every export counts on.
 */
export async function relinkMedia(
  db: Db,
  episodeId: string,
  file: string,
): Promise<{ sameContent: boolean }> {
  if (!mediaRow(db, episodeId))
    throw new UserError('not-found', `episode ${episodeId} has no media to relink`)
  const media = await describeMediaFile(file)
  const { sameContent } = db.transaction(() => linkMedia(db, episodeId, media))()
  return { sameContent }
}

/**
 * Links a described media file to an episode (in the caller's transaction): see {@link relinkMedia}.
 * An episode loaded without media gets its media row here.
 */
export function linkMedia(
  db: Db,
  episodeId: string,
  media: LinkableMedia,
): { sameContent: boolean; lengthWarning: string | null } {
  const { probe, sha256 } = media
  const current = mediaRow(db, episodeId)
  if (!current) {
    db.prepare(
      `INSERT INTO media (episode_id, ${MEDIA_COLUMNS.join(', ')}) VALUES (?${', ?'.repeat(MEDIA_COLUMNS.length)})`,
    ).run(episodeId, ...mediaColumnValues(media))
    return { sameContent: false, lengthWarning: takeDecodedLength(db, episodeId, media) }
  }
  if (sha256 !== current.sha256) refuseItemsPast(db, episodeId, media)
  db.prepare(`UPDATE media SET ${MEDIA_COLUMNS.map((c) => `${c} = ?`).join(', ')} WHERE episode_id = ?`).run(
    ...mediaColumnValues(media),
    episodeId,
  )
  // Other media is not what was published: a final episode goes back into review with it. The same
  // file moved elsewhere changes nothing that was published.
  if (sha256 === current.sha256)
    return { sameContent: true, lengthWarning: takeDecodedLength(db, episodeId, media) }
  db.prepare(
    `UPDATE episodes SET duration_seconds = ?, updated_at = ?,
       review_status = CASE review_status WHEN 'final' THEN 'inReview' ELSE review_status END
     WHERE id = ?`,
  ).run(probe.durationSeconds, new Date().toISOString(), episodeId)
  return { sameContent: false, lengthWarning: null }
}

/** Refuses media shorter than what the episode holds, naming its length and each item past it. */
function refuseItemsPast(db: Db, episodeId: string, media: LinkableMedia): void {
  const last = lastMillis(media.probe.durationSeconds)
  const past = itemsPast(db, episodeId, last)
  if (past.length === 0) return
  const more = past.length > NAMED_PAST ? `, and ${past.length - NAMED_PAST} more` : ''
  throw new UserError(
    'invalid-input',
    `${media.fileName} is ${clockMillis(last)} long, shorter than what the episode holds: ` +
      `${past.slice(0, NAMED_PAST).join(', ')}${more}; nothing was changed`,
  )
}

/**
 * The media of a loaded file, linked for the first time, may decode to another length than the file
 * gave (`episode.durationSeconds`). Further than a second away, the episode takes the length that
 * decodes, and keeps the file's as the media's declared length: the editor is shown both (the media
 * length problem and banner, and the returned warning), as for a file cut short. Shorter than what
 * the file's items reach, it is refused as other media is: every time of an episode lies within its
 * media, which every export counts on.
 */
function takeDecodedLength(db: Db, episodeId: string, media: LinkableMedia): string | null {
  const decoded = media.probe.durationSeconds
  const given = episodeRow(db, episodeId).duration_seconds
  if (Math.abs(decoded - given) <= LENGTH_TOLERANCE_SECONDS) return null
  refuseItemsPast(db, episodeId, media)
  db.prepare(`UPDATE media SET declared_seconds = ? WHERE episode_id = ?`).run(given, episodeId)
  db.prepare(`UPDATE episodes SET duration_seconds = ?, updated_at = ? WHERE id = ?`).run(
    decoded,
    new Date().toISOString(),
    episodeId,
  )
  return `${media.fileName} decodes to ${formatClock(decoded)}, not the ${formatClock(given)} the episode file gives; the episode is ${formatClock(decoded)} long`
}
