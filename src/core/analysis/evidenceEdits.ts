import { evidenceOf, evidenceText } from '../../shared/evidence'
import { ITEM_LIMITS } from '../../shared/episodeLimits'
import type { EvidenceItem } from '../../shared/episodeFormat'
import type { CiteTarget } from '../../shared/contract'
import type { Db } from '../db/openDatabase'
import { episodeRow } from '../episodes/episodeQueries'
import { UserError } from '../errors'
import { analysisEdit } from './analysisEdit'
import { clockMillis } from './timeChecks'
import type { RowWriter } from '../history/rowWriter'
import type { Row } from '../history/tables'

/*
 * Citations stay true under edits: a statement that goes takes its citations' moments with it, as
 * times; chapters merged keep both lists; a split gives each half what lies inside it. Each is done in
 * the edit's own writer, so it is part of the same undo step.
 */

const CITING_TABLES = [
  { table: 'chapters', key: ['episode_id', 'id'] },
  { table: 'scores', key: ['episode_id', 'chapter_id', 'dimension_key'] },
  { table: 'highlights', key: ['episode_id', 'id'] },
] as const

/** Every citation of a statement becomes the time range it had, its note kept. */
export function uncite(
  db: Db,
  w: RowWriter,
  episodeId: string,
  statement: { id: string; start: number; end: number },
): void {
  const needle = `"statement":${JSON.stringify(statement.id)}`
  for (const { table, key } of CITING_TABLES) {
    const rows = db
      .prepare(`SELECT * FROM ${table} WHERE episode_id = ? AND instr(evidence, ?) > 0`)
      .all(episodeId, needle) as (Row & { evidence: string })[]
    for (const row of rows) {
      const items = (evidenceOf(row.evidence) ?? []).map((item): EvidenceItem =>
        'statement' in item && item.statement === statement.id
          ? {
              start: statement.start,
              end: statement.end,
              ...(item.note !== undefined && { note: item.note }),
            }
          : item,
      )
      w.update(table, Object.fromEntries(key.map((k) => [k, row[k] ?? null])), {
        evidence: evidenceText(items),
      })
    }
  }
}

/** Two lists as one (the first's items, then the second's, at most 100); absent when both are. */
export function mergedEvidence(
  first: string | null | undefined,
  second: string | null | undefined,
): string | null {
  const a = evidenceOf(first)
  const b = evidenceOf(second)
  if (a === undefined && b === undefined) return null
  return evidenceText([...(a ?? []), ...(b ?? [])].slice(0, ITEM_LIMITS.evidence))
}

/** When an item is: a range's start, a statement's start. */
function itemTime(db: Db, episodeId: string, item: EvidenceItem): number | null {
  if (!('statement' in item)) return item.start
  const row = db
    .prepare(`SELECT start FROM statements WHERE episode_id = ? AND id = ?`)
    .get(episodeId, item.statement) as { start: number } | undefined
  return row?.start ?? null
}

/** A list split at `at`: the items before it and those from it on (absent stays absent on both sides). */
export function splitEvidence(
  db: Db,
  episodeId: string,
  text: string | null | undefined,
  at: number,
): { before: string | null; after: string | null } {
  const items = evidenceOf(text)
  if (items === undefined) return { before: null, after: null }
  const before: EvidenceItem[] = []
  const after: EvidenceItem[] = []
  for (const item of items) ((itemTime(db, episodeId, item) ?? 0) < at ? before : after).push(item)
  return { before: evidenceText(before), after: evidenceText(after) }
}

/** Where a target's evidence is kept: the row's table and key. */
function targetRow(
  episodeId: string,
  target: CiteTarget,
): { table: 'scores' | 'chapters' | 'highlights'; key: Row } {
  if (target.kind === 'score')
    return {
      table: 'scores',
      key: { episode_id: episodeId, chapter_id: target.chapterId, dimension_key: target.dimension },
    }
  if (target.kind === 'why')
    return { table: 'chapters', key: { episode_id: episodeId, id: target.chapterId } }
  return { table: 'highlights', key: { episode_id: episodeId, id: target.highlightId } }
}

/**
 * Sets the evidence of a score, a chapter's why or a highlight: one undo step. Each item is checked as
 * a loaded file's would be (a statement of the episode; a range inside the media), and refused naming it.
 */
export function setEvidence(
  db: Db,
  episodeId: string,
  target: CiteTarget,
  items: readonly EvidenceItem[],
): void {
  const { table, key } = targetRow(episodeId, target)
  const where = Object.keys(key)
    .map((k) => `${k} = ?`)
    .join(' AND ')
  const row = db.prepare(`SELECT evidence FROM ${table} WHERE ${where}`).get(...Object.values(key)) as
    { evidence: string | null } | undefined
  if (!row)
    throw new UserError(
      'not-found',
      target.kind === 'highlight'
        ? `highlight ${target.highlightId} is not in this episode`
        : target.kind === 'score'
          ? `chapter ${target.chapterId} has no score for "${target.dimension}"`
          : `chapter ${target.chapterId} is not in this episode`,
    )
  const duration = episodeRow(db, episodeId).duration_seconds
  items.forEach((item, i) => {
    if ('statement' in item) {
      const known = db
        .prepare(`SELECT 1 FROM statements WHERE episode_id = ? AND id = ?`)
        .get(episodeId, item.statement)
      if (!known)
        throw new UserError(
          'invalid-input',
          `evidence ${i + 1}: statement ${item.statement} is not in this episode`,
        )
    } else if (item.end < item.start || item.end > duration)
      throw new UserError(
        'invalid-input',
        `evidence ${i + 1}: ${clockMillis(item.start)}–${clockMillis(item.end)} is not a stretch of the media (0–${clockMillis(duration)})`,
      )
  })
  const before = evidenceOf(row.evidence) ?? []
  const label =
    items.length > before.length ? 'Cite' : items.length < before.length ? 'Remove citation' : 'Edit evidence'
  analysisEdit(db, episodeId, label, (w) => w.update(table, key, { evidence: evidenceText(items) }))
}
