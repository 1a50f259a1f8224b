import type { EpisodeSummary, TrashedEpisode } from '../../shared/contract'
import type { Db } from '../db/openDatabase'
import { statement } from '../db/statements'
import { UserError } from '../errors'
import { exportEpisode } from '../export/exportEpisode'
import { loadEpisodeDocument } from '../load/loadEpisode'
import { TEXT_LIMITS } from '../../shared/textLimits'
import { episodeRow, mediaRow, toSummary } from './episodeQueries'
import type { EpisodeRow } from './episodeRows'

/** How long a trashed episode is kept before a start empties it. */
export const TRASH_DAYS = 30
const DAY_MS = 24 * 60 * 60 * 1000

const named = (row: Pick<EpisodeRow, 'id' | 'title'>): string => `episode "${row.title}" (${row.id})`

/** The refusal of any call on a trashed episode: it says where the episode went and the way back. */
export const inTheTrash = (row: Pick<EpisodeRow, 'id' | 'title'>): UserError =>
  new UserError(
    'trashed',
    `${named(row)} was moved to the trash; restore it (episcore restore ${row.id}) to use it again`,
  )

/** Refuses when any of the episodes named is in the trash; an id not in the library is left to the call. */
export function refuseTrashed(db: Db, ids: readonly string[]): void {
  const find = statement(db, `SELECT id, title FROM episodes WHERE id = ? AND trashed_at IS NOT NULL`)
  for (const id of ids) {
    const row = find.get(id) as Pick<EpisodeRow, 'id' | 'title'> | undefined
    if (row) throw inTheTrash(row)
  }
}

/**
 * Moves the episode to the trash: only a mark, so every row (media link, peaks, history) stays until
 * the trash is emptied, and restoring brings it back as it was. Not an edit of the episode's history:
 * its updated_at is left, so a restored episode sorts where it did.
 */
export function trashEpisode(db: Db, id: string, now = new Date()): { trashedAt: string } {
  const row = episodeRow(db, id)
  if (row.trashed_at !== null) throw new UserError('trashed', `${named(row)} is already in the trash`)
  const trashedAt = now.toISOString()
  db.prepare(`UPDATE episodes SET trashed_at = ? WHERE id = ?`).run(trashedAt, id)
  return { trashedAt }
}

/** Brings a trashed episode back into the library, as it was when trashed. */
export function restoreEpisode(db: Db, id: string): EpisodeSummary {
  const row = episodeRow(db, id)
  if (row.trashed_at === null) throw new UserError('conflict', `${named(row)} is not in the trash`)
  db.prepare(`UPDATE episodes SET trashed_at = NULL WHERE id = ?`).run(id)
  return toSummary(row)
}

const purgeDate = (trashedAt: string): string =>
  new Date(Date.parse(trashedAt) + TRASH_DAYS * DAY_MS).toISOString()

/** The trash, most recently trashed first, each with the day a start will empty it after. */
export function listTrash(db: Db): TrashedEpisode[] {
  const rows = db
    .prepare(`SELECT * FROM episodes WHERE trashed_at IS NOT NULL ORDER BY trashed_at DESC, id`)
    .all() as (EpisodeRow & { trashed_at: string })[]
  return rows.map((row) => ({
    ...toSummary(row),
    trashedAt: row.trashed_at,
    emptiedAfter: purgeDate(row.trashed_at),
  }))
}

/**
 * Deletes for good the episodes trashed more than {@link TRASH_DAYS} days before `now` (every table
 * cascades from the episode). Run by the app's and the host's start only: no command empties it.
 * Answers the ids deleted.
 */
export function emptyTrash(db: Db, now = new Date()): string[] {
  const before = new Date(now.getTime() - TRASH_DAYS * DAY_MS).toISOString()
  return db.transaction(() => {
    const ids = (
      db
        .prepare(`SELECT id FROM episodes WHERE trashed_at IS NOT NULL AND trashed_at <= ? ORDER BY id`)
        .all(before) as { id: string }[]
    ).map((r) => r.id)
    db.prepare(`DELETE FROM episodes WHERE trashed_at IS NOT NULL AND trashed_at <= ?`).run(before)
    return ids
  })()
}

const COPY_MARK = ' (copy)'

/** The title with "(copy)" after it, cut first where the whole would pass a title's limit. */
export function copyTitle(title: string): string {
  const room = TEXT_LIMITS.short - COPY_MARK.length
  let kept = title.slice(0, room)
  // Never half a character: a cut between a surrogate pair's halves would leave an unpaired one.
  if (/[\uD800-\uDBFF]$/.test(kept)) kept = kept.slice(0, -1)
  return `${kept.trimEnd()}${COPY_MARK}`
}

/**
 * A second analysis of the episode: a copy under a new id, as loading its export with keep-both
 * makes it (`<id>-2`, …), linked to the same media file. Nothing is shared: editing one leaves the
 * other as it was.
 */
export function duplicateEpisode(db: Db, id: string): { id: string } {
  const document = exportEpisode(db, id)
  // The library's rows of one episode share its title: "(copy)" tells the copy apart in the title too.
  document.episode.title = copyTitle(document.episode.title)
  return db.transaction(() => {
    const copy = loadEpisodeDocument(db, document, { keepBoth: true, name: `episode ${id}` })
    // The export never holds a local path: the copy gets the original's link, so it plays at once.
    const media = mediaRow(db, id)
    if (media) {
      const columns = Object.keys(media).filter((c) => c !== 'episode_id')
      db.prepare(`UPDATE media SET ${columns.map((c) => `${c} = ?`).join(', ')} WHERE episode_id = ?`).run(
        ...columns.map((c) => media[c as keyof typeof media]),
        copy.id,
      )
    }
    return { id: copy.id }
  })()
}
