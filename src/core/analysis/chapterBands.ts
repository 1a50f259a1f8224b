import { roundMillis } from '../../shared/time'
import { mergedEvidence, splitEvidence } from './evidenceEdits'
import type { Row } from '../history/tables'
import type { Db } from '../db/openDatabase'
import { episodeRow } from '../episodes/episodeQueries'
import { UserError } from '../errors'
import { analysisEdit, editItem } from './analysisEdit'
import {
  chapterRow,
  chapterRows,
  dimensionRows,
  scoreRows,
  unscored,
  type ChapterRow,
  type ScoreRow,
} from './analysisRows'
import { insertChapter, removeChapter } from './chapters'
import { MIN_CHAPTER_SECONDS } from '../../shared/chapterLimits'
import { checkedTime, clockMillis, lastMillis } from './timeChecks'
import { refuseAtCap } from './itemCaps'

/** The shortest chapter a band edit leaves: anything shorter cannot be seen or grabbed on the timeline. */
// Ends this close are one boundary shared by two chapters (imported times may be a millisecond apart).
const SHARED_BOUNDARY_SECONDS = 0.001

const named = (c: ChapterRow): string =>
  c.title ? `chapter "${c.title}"` : `the chapter from ${clockMillis(c.start)} to ${clockMillis(c.end)}`

const joined = (first: string, second: string): string => [first, second].filter((t) => t !== '').join('\n\n')

/**
 * Splits the chapter under `at` in two; the left part keeps the chapter's id, title, reasoning and scores,
 * the right part is new and unscored. With no chapters yet, the first split makes the bands that cover
 * the media. Answers the id of the chapter that starts at `at` (or of the one chapter made).
 */
export function splitChapter(db: Db, episodeId: string, at: number): string {
  const duration = episodeRow(db, episodeId).duration_seconds
  const time = checkedTime(at, duration, 'the split point')
  const chapters = chapterRows(db, episodeId)
  refuseAtCap(db, episodeId, 'chapters', chapters.length === 0 ? 2 : 1)
  if (chapters.length === 0) return firstChapters(db, episodeId, time, lastMillis(duration))
  const chapter = chapters.find((c) => c.start <= time && time <= c.end)
  if (!chapter)
    throw new UserError(
      'invalid-input',
      `${clockMillis(time)} is between chapters; there is no chapter to split`,
    )
  if (time - chapter.start < MIN_CHAPTER_SECONDS || chapter.end - time < MIN_CHAPTER_SECONDS)
    throw new UserError(
      'invalid-input',
      `${clockMillis(time)} is too close to an edge of ${named(chapter)}: each part must be at least ${MIN_CHAPTER_SECONDS} s long`,
    )
  let id = ''
  analysisEdit(db, episodeId, 'Split chapter', (w) => {
    // Each half keeps the evidence inside it: the why's and each score's.
    const why = splitEvidence(db, episodeId, chapter.evidence, time)
    editItem(db, w, 'chapters', { episode_id: episodeId, id: chapter.id }, { end: time })
    if (chapter.evidence !== null)
      w.update('chapters', { episode_id: episodeId, id: chapter.id }, { evidence: why.before })
    id = insertChapter(db, w, episodeId, { start: time, end: chapter.end })
    if (chapter.evidence !== null)
      w.update('chapters', { episode_id: episodeId, id }, { evidence: why.after })
    for (const score of scoreRows(db, episodeId, chapter.id)) {
      if (score.evidence === null || score.evidence === undefined) continue
      const parts = splitEvidence(db, episodeId, score.evidence, time)
      const key = (chapterId: string): Row => ({
        episode_id: episodeId,
        chapter_id: chapterId,
        dimension_key: score.dimension_key,
      })
      w.update('scores', key(chapter.id), { evidence: parts.before })
      w.update('scores', key(id), { evidence: parts.after })
    }
  })
  return id
}

function firstChapters(db: Db, episodeId: string, at: number, end: number): string {
  const whole = at < MIN_CHAPTER_SECONDS || end - at < MIN_CHAPTER_SECONDS
  let id = ''
  analysisEdit(db, episodeId, whole ? 'Add chapter' : 'Add chapters', (w) => {
    if (whole) id = insertChapter(db, w, episodeId, { start: 0, end })
    else {
      insertChapter(db, w, episodeId, { start: 0, end: at })
      id = insertChapter(db, w, episodeId, { start: at, end })
    }
  })
  return id
}

/**
 * Moves one edge of a chapter. The neighbour that shares the boundary moves with it, so the bands stay
 * contiguous; the edge stops where a chapter would get shorter than the minimum, at the next chapter
 * across a gap, or at the media's ends.
 */
export function moveChapterBoundary(
  db: Db,
  episodeId: string,
  chapterId: string,
  edge: 'start' | 'end',
  at: number,
): void {
  const duration = episodeRow(db, episodeId).duration_seconds
  const chapter = chapterRow(db, episodeId, chapterId)
  const chapters = chapterRows(db, episodeId)
  const index = chapters.findIndex((c) => c.id === chapterId)
  const shares = (a: number, b: number): boolean => Math.abs(a - b) <= SHARED_BOUNDARY_SECONDS
  let low: number
  let high: number
  let neighbour: ChapterRow | undefined
  if (edge === 'start') {
    const previous = chapters[index - 1]
    neighbour = previous && shares(previous.end, chapter.start) ? previous : undefined
    low = neighbour ? neighbour.start + MIN_CHAPTER_SECONDS : (previous?.end ?? 0)
    high = chapter.end - MIN_CHAPTER_SECONDS
  } else {
    const next = chapters[index + 1]
    neighbour = next && shares(next.start, chapter.end) ? next : undefined
    low = chapter.start + MIN_CHAPTER_SECONDS
    high = neighbour ? neighbour.end - MIN_CHAPTER_SECONDS : (next?.start ?? lastMillis(duration))
  }
  // A chapter already shorter than the minimum (as a pipeline may write) has no room to move that edge.
  if (low > high) return
  const time = roundMillis(Math.min(Math.max(at, low), high))
  analysisEdit(db, episodeId, 'Move chapter boundary', (w) => {
    editItem(db, w, 'chapters', { episode_id: episodeId, id: chapterId }, { [edge]: time })
    if (neighbour)
      editItem(
        db,
        w,
        'chapters',
        { episode_id: episodeId, id: neighbour.id },
        { [edge === 'start' ? 'end' : 'start']: time },
      )
  })
}

/**
 * Merges a chapter with the one after it. The first chapter's id, title and scores win; where the first
 * has nothing (an empty title, an unscored dimension) the second's fill in, and both reasonings are kept.
 */
export function mergeNextChapter(db: Db, episodeId: string, chapterId: string): void {
  const chapter = chapterRow(db, episodeId, chapterId)
  const chapters = chapterRows(db, episodeId)
  const next = chapters[chapters.findIndex((c) => c.id === chapterId) + 1]
  if (!next)
    throw new UserError(
      'invalid-input',
      `${named(chapter)} is the last chapter; there is none after it to merge`,
    )
  const byDimension = (id: string): Map<string, ScoreRow> =>
    new Map(scoreRows(db, episodeId, id).map((s) => [s.dimension_key, s]))
  const firstScores = byDimension(chapter.id)
  const secondScores = byDimension(next.id)
  analysisEdit(db, episodeId, 'Merge chapters', (w) => {
    for (const { key } of dimensionRows(db, episodeId)) {
      const first = firstScores.get(key)
      const second = secondScores.get(key)
      const merged = {
        value: first?.value ?? second?.value ?? null,
        reasoning: joined(first?.reasoning ?? '', second?.reasoning ?? ''),
        evidence: mergedEvidence(first?.evidence, second?.evidence),
      }
      if (first)
        w.update('scores', { episode_id: episodeId, chapter_id: chapter.id, dimension_key: key }, merged)
      else w.insert('scores', { ...unscored(episodeId, chapter.id, key), ...merged })
    }
    removeChapter(db, w, episodeId, next.id)
    editItem(
      db,
      w,
      'chapters',
      { episode_id: episodeId, id: chapter.id },
      {
        end: Math.max(chapter.end, next.end),
        title: chapter.title || next.title,
        why: joined(chapter.why, next.why),
      },
    )
    const evidence = mergedEvidence(chapter.evidence, next.evidence)
    if (evidence !== chapter.evidence)
      w.update('chapters', { episode_id: episodeId, id: chapter.id }, { evidence })
  })
}
