import {
  bySpan,
  type Chapter,
  type Dimension,
  type Highlight,
  type Participant,
  type Statement,
} from '../../shared/episodeFormat'
import type { Db } from '../db/openDatabase'
import { parseExtensions } from '../episodes/episodeRows'

/*
 * The parts of an episode as episode JSON v1 has them, each read on its own: export puts them together
 * into a document, the editor's view keeps each while the tables it comes from are unchanged.
 */

interface Item {
  extensions: string | null
}
export const withExtensions = <T extends object>(value: T, row: Item): T => {
  const extensions = parseExtensions(row.extensions)
  return extensions ? { ...value, extensions } : value
}

const rowsOf =
  (db: Db, id: string) =>
  <T>(sql: string): T[] =>
    db.prepare(sql).all(id) as T[]

export function readParticipants(db: Db, id: string): Participant[] {
  const all = rowsOf(db, id)
  const participants = all<Participant & Item & { affiliation: string | null }>(
    `SELECT id, name, role, affiliation, extensions FROM participants WHERE episode_id = ? ORDER BY position, id`,
  ).map((p) => withExtensions({ id: p.id, name: p.name, role: p.role, affiliation: p.affiliation }, p))
  return participants
}

export function readDimensions(db: Db, id: string): Dimension[] {
  const all = rowsOf(db, id)
  const dimensions = all<{ key: string; label: string; description: string; highlight_label: string } & Item>(
    `SELECT key, label, description, highlight_label, extensions FROM rubric_dimensions WHERE episode_id = ? ORDER BY position, key`,
  ).map((d) =>
    withExtensions(
      { key: d.key, label: d.label, description: d.description, highlightLabel: d.highlight_label },
      d,
    ),
  )
  return dimensions
}

/** Sorted by span; every chapter has a score (maybe empty) for every dimension. */
export function readChapters(db: Db, id: string, dimensions: readonly Dimension[]): Chapter[] {
  const all = rowsOf(db, id)
  const scoreRows = all<
    { chapter_id: string; dimension_key: string; value: number | null; reasoning: string } & Item
  >(`SELECT chapter_id, dimension_key, value, reasoning, extensions FROM scores WHERE episode_id = ?`)
  const chapters: Chapter[] = all<Omit<Chapter, 'scores' | 'extensions'> & Item>(
    `SELECT id, title, start, end, why, origin, status, extensions FROM chapters WHERE episode_id = ?`,
  ).map((c) => {
    const scores: Chapter['scores'] = {}
    for (const d of dimensions) scores[d.key] = { value: null, reasoning: '' }
    for (const s of scoreRows.filter((s) => s.chapter_id === c.id))
      scores[s.dimension_key] = withExtensions({ value: s.value, reasoning: s.reasoning }, s)
    return withExtensions(
      {
        id: c.id,
        title: c.title,
        start: c.start,
        end: c.end,
        why: c.why,
        scores,
        origin: c.origin,
        status: c.status,
      },
      c,
    )
  })
  chapters.sort(bySpan)
  return chapters
}

export function readHighlights(db: Db, id: string): Highlight[] {
  const all = rowsOf(db, id)
  const highlights: Highlight[] = all<
    Omit<Highlight, 'dimension' | 'extensions'> & { dimension_key: string } & Item
  >(
    `SELECT id, dimension_key, time, title, description, origin, status, extensions FROM highlights WHERE episode_id = ?`,
  )
    .map((h) =>
      withExtensions(
        {
          id: h.id,
          dimension: h.dimension_key,
          time: h.time,
          title: h.title,
          description: h.description,
          origin: h.origin,
          status: h.status,
        },
        h,
      ),
    )
    .sort((a, b) => a.time - b.time || (a.id < b.id ? -1 : 1))
  return highlights
}

/** Sorted by span; each statement's chapter is the one its start is in. */
export function readStatements(db: Db, id: string, chapters: readonly Chapter[]): Statement[] {
  const all = rowsOf(db, id)
  const chapterAt = (t: number): string | null => chapters.find((c) => c.start <= t && t < c.end)?.id ?? null
  const statements: Statement[] = all<
    Omit<Statement, 'speakerId' | 'chapterId' | 'extensions'> & { speaker_id: string | null } & Item
  >(
    `SELECT id, title, quote, start, end, speaker_id, origin, status, extensions FROM statements WHERE episode_id = ?`,
  )
    .map((s) =>
      withExtensions(
        {
          id: s.id,
          title: s.title,
          quote: s.quote,
          start: s.start,
          end: s.end,
          speakerId: s.speaker_id,
          chapterId: chapterAt(s.start),
          origin: s.origin,
          status: s.status,
        },
        s,
      ),
    )
    .sort(bySpan)
  return statements
}
