import { evidenceOf, evidenceText } from '../../shared/evidence'
import { ITEM_LIMITS } from '../../shared/episodeLimits'
import type { EvidenceItem } from '../../shared/episodeFormat'
import type { Db } from '../db/openDatabase'
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
