import {
  bySpan,
  type Chapter,
  type Dimension,
  type Highlight,
  type Participant,
  type Statement,
} from '../../shared/episodeFormat'
import type { Db } from '../db/openDatabase'
import { statement } from '../db/statements'
import { evidenceOf } from '../../shared/evidence'
import { parseExtensions } from '../episodes/episodeRows'
import { reasoningIsStale } from '../analysis/staleReasoning'

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

/** The evidence kept on a row, where the field was given (before `extensions`, as the format orders it). */
const withEvidence = <T extends object>(value: T, row: { evidence: string | null }): T => {
  const evidence = evidenceOf(row.evidence)
  return evidence ? { ...value, evidence } : value
}

const rowsOf =
  (db: Db, ...params: unknown[]) =>
  <T>(sql: string): T[] =>
    statement(db, sql).all(...params) as T[]

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

/** A chapter as its own table holds it: everything but its scores. */
export type UnscoredChapter = Omit<Chapter, 'scores'>

/** The chapters without their scores, sorted by span. */
export function readUnscoredChapters(db: Db, id: string): UnscoredChapter[] {
  const rows = rowsOf(
    db,
    id,
  )<Omit<Chapter, 'scores' | 'extensions' | 'evidence'> & Item & { evidence: string | null }>(
    `SELECT id, title, start, end, why, origin, status, extensions, evidence FROM chapters WHERE episode_id = ?`,
  )
  return rows
    .map((c) =>
      withExtensions(
        withEvidence(
          {
            id: c.id,
            title: c.title,
            start: c.start,
            end: c.end,
            why: c.why,
            origin: c.origin,
            status: c.status,
          },
          c,
        ),
        c,
      ),
    )
    .sort(bySpan)
}

/** One chapter's stored scores by dimension key: the editor's, and what a machine analysis said. */
export interface ChapterScores {
  scores: Chapter['scores']
  machine: Record<string, { value: number | null; reasoning: string }>
  /** The dimensions whose score the reviewer changed while its reasoning is still the machine's. */
  staleReasoning: string[]
  /** Each score's own review state, by dimension key. */
  review: Record<string, ScoreReview>
  /** The dimensions whose score was given on another codebook scale: to be scored again (issue 45). */
  rescore: string[]
}

export type ScoreReview = 'unreviewed' | 'accepted' | 'edited'

type StoredScore = {
  chapter_id: string
  dimension_key: string
  value: number | null
  reasoning: string
  machine_value: number | null
  machine_reasoning: string | null
  reasoning_confirmed_value: number | null
  review: ScoreReview
  evidence: string | null
  rescore: number
} & Item

/** Every chapter's stored scores (or one chapter's), by chapter id; a chapter without any is absent. */
export function readScores(db: Db, id: string, chapterId?: string): Map<string, ChapterScores> {
  const columns = `chapter_id, dimension_key, value, reasoning, machine_value, machine_reasoning, reasoning_confirmed_value, review, extensions, evidence, rescore`
  const rows =
    chapterId === undefined
      ? rowsOf(db, id)<StoredScore>(`SELECT ${columns} FROM scores WHERE episode_id = ?`)
      : rowsOf(
          db,
          id,
          chapterId,
        )<StoredScore>(`SELECT ${columns} FROM scores WHERE episode_id = ? AND chapter_id = ?`)
  const byChapter = new Map<string, ChapterScores>()
  for (const r of rows) {
    let chapter = byChapter.get(r.chapter_id)
    if (!chapter)
      byChapter.set(
        r.chapter_id,
        (chapter = { scores: {}, machine: {}, staleReasoning: [], review: {}, rescore: [] }),
      )
    chapter.scores[r.dimension_key] = withExtensions(
      withEvidence({ value: r.value, reasoning: r.reasoning }, r),
      r,
    )
    chapter.machine[r.dimension_key] = { value: r.machine_value, reasoning: r.machine_reasoning ?? '' }
    if (reasoningIsStale(r)) chapter.staleReasoning.push(r.dimension_key)
    chapter.review[r.dimension_key] = r.review
    if (r.rescore === 1) chapter.rescore.push(r.dimension_key)
  }
  return byChapter
}

/** A chapter with a score (maybe empty) for every dimension. */
export function withScores(
  chapter: UnscoredChapter,
  stored: ChapterScores | undefined,
  dimensions: readonly Dimension[],
): Chapter {
  const scores: Chapter['scores'] = {}
  for (const d of dimensions) scores[d.key] = { value: null, reasoning: '' }
  Object.assign(scores, stored?.scores)
  // The key order of episode JSON: scores sit between why and origin, evidence before extensions.
  const { origin, status, extensions, evidence, ...span } = chapter
  return { ...span, scores, origin, status, ...(evidence && { evidence }), ...(extensions && { extensions }) }
}

/** Sorted by span; every chapter has a score (maybe empty) for every dimension. */
export function readChapters(db: Db, id: string, dimensions: readonly Dimension[]): Chapter[] {
  const scores = readScores(db, id)
  return readUnscoredChapters(db, id).map((c) => withScores(c, scores.get(c.id), dimensions))
}

export function readHighlights(db: Db, id: string): Highlight[] {
  const all = rowsOf(db, id)
  const highlights: Highlight[] = all<
    Omit<Highlight, 'dimension' | 'extensions' | 'evidence'> & {
      dimension_key: string
      evidence: string | null
    } & Item
  >(
    `SELECT id, dimension_key, time, title, description, origin, status, extensions, evidence FROM highlights WHERE episode_id = ?`,
  )
    .map((h) =>
      withExtensions(
        withEvidence(
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
        h,
      ),
    )
    .sort((a, b) => a.time - b.time || (a.id < b.id ? -1 : 1))
  return highlights
}

/**
 * Sorted by span; each statement's chapter is the one its start is in. With `ids`, only those
 * statements (the ones that no longer exist are left out).
 */
export function readStatements(
  db: Db,
  id: string,
  chapters: readonly Chapter[],
  ids?: readonly string[],
  /** Collects each statement's `quote_filled` (not part of the document): the view's estimated quotes. */
  quoteFilled?: Map<string, 0 | 1 | null>,
): Statement[] {
  const all = ids === undefined ? rowsOf(db, id) : rowsOf(db, id, JSON.stringify(ids))
  const only = ids === undefined ? '' : ' AND id IN (SELECT value FROM json_each(?))'
  const chapterAt = (t: number): string | null => chapters.find((c) => c.start <= t && t < c.end)?.id ?? null
  const statements: Statement[] = all<
    Omit<Statement, 'speakerId' | 'chapterId' | 'extensions'> & {
      speaker_id: string | null
      quote_filled: 0 | 1 | null
    } & Item
  >(
    `SELECT id, title, quote, start, end, speaker_id, origin, status, quote_filled, extensions FROM statements WHERE episode_id = ?${only}`,
  )
    .map((s) => {
      quoteFilled?.set(s.id, s.quote_filled)
      return withExtensions(
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
      )
    })
    .sort(bySpan)
  return statements
}
