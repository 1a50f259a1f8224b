import type { Db } from '../db/openDatabase'
import { episodeRow } from '../episodes/episodeQueries'
import { notFound } from '../errors'
import { readRow } from '../history/rowWriter'
import type { EditableTable, Row } from '../history/tables'

type Origin = 'machine' | 'human'
type ItemStatus = 'unreviewed' | 'accepted' | 'edited'

/** Row shapes of the analysis tables as SQLite returns them. */
export interface ChapterRow {
  id: string
  title: string
  start: number
  end: number
  why: string
  origin: Origin
  status: ItemStatus
  /** The why's evidence as kept (see shared/evidence.ts): null where none was given. */
  evidence: string | null
}

export interface ScoreRow {
  chapter_id: string
  dimension_key: string
  value: number | null
  reasoning: string
  evidence?: string | null
}

export interface DimensionRow {
  key: string
  label: string
  description: string
  highlight_label: string
  position: number
}

export interface StatementRow {
  id: string
  title: string
  quote: string
  start: number
  end: number
  speaker_id: string | null
  origin: Origin
  status: ItemStatus
  /** 1 when the quote was filled from the transcript, 0 when typed, null when not known (older rows). */
  quote_filled: 0 | 1 | null
  /** 1 when an imported transcript changed the words under a typed quote (see correctedQuotes). */
  quote_outdated: 0 | 1
}

export interface HighlightRow {
  id: string
  dimension_key: string
  time: number
  title: string
  description: string
  origin: Origin
  status: ItemStatus
}

export interface ParticipantRow {
  id: string
  name: string
  role: 'host' | 'guest' | 'other'
  affiliation: string | null
  position: number
}

/** One item of an episode by id; not found, the error names the episode if that is what is missing. */
export function itemRow<T>(
  db: Db,
  table: Exclude<EditableTable, 'episodes'>,
  episodeId: string,
  id: string,
  what: string,
): T {
  const key: Row =
    table === 'rubric_dimensions' ? { episode_id: episodeId, key: id } : { episode_id: episodeId, id }
  const row = readRow(db, table, key)
  if (row) return row as unknown as T
  episodeRow(db, episodeId)
  throw notFound(`${what} ${id}`)
}

export const chapterRow = (db: Db, episodeId: string, id: string): ChapterRow =>
  itemRow(db, 'chapters', episodeId, id, 'chapter')

export const dimensionRow = (db: Db, episodeId: string, key: string): DimensionRow =>
  itemRow(db, 'rubric_dimensions', episodeId, key, 'rubric dimension')

/** Chapters in time order, as the bands on the timeline. */
export const chapterRows = (db: Db, episodeId: string): ChapterRow[] =>
  db
    .prepare(`SELECT * FROM chapters WHERE episode_id = ? ORDER BY start, end, id`)
    .all(episodeId) as ChapterRow[]

/** Dimensions in rubric order. */
export const dimensionRows = (db: Db, episodeId: string): DimensionRow[] =>
  db
    .prepare(`SELECT * FROM rubric_dimensions WHERE episode_id = ? ORDER BY position, key`)
    .all(episodeId) as DimensionRow[]

export const scoreRows = (db: Db, episodeId: string, chapterId: string): ScoreRow[] =>
  db
    .prepare(`SELECT * FROM scores WHERE episode_id = ? AND chapter_id = ?`)
    .all(episodeId, chapterId) as ScoreRow[]

/** The score row of a chapter not yet scored on a dimension. */
export const unscored = (episodeId: string, chapterId: string, dimensionKey: string): ScoreRow & Row => ({
  episode_id: episodeId,
  chapter_id: chapterId,
  dimension_key: dimensionKey,
  value: null,
  reasoning: '',
})

type NumberedTable = 'statements' | 'chapters' | 'highlights' | 'participants'

/**
 * A new item id: the prefix and one more than the highest number the episode's items of that kind
 * carry (not the count, which deletions lower), so ids read in creation order.
 */
export function nextItemId(db: Db, table: NumberedTable, episodeId: string, prefix: string): string {
  const ids = db.prepare(`SELECT id FROM ${table} WHERE episode_id = ?`).pluck().all(episodeId) as string[]
  const pattern = new RegExp(`^${prefix}(\\d+)$`)
  const highest = ids.reduce((max, id) => Math.max(max, Number(pattern.exec(id)?.[1] ?? 0)), 0)
  return `${prefix}${highest + 1}`
}
