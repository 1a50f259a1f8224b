import { evidenceOf } from '../../shared/evidence'
import type {
  ChapterScoreDifferences,
  ReviewFieldChange,
  ReviewKind,
  ReviewedItem,
} from '../../shared/contract'
import { formatPreciseClock } from '../../shared/preciseTime'
import type { Db } from '../db/openDatabase'
import type { RowChange } from '../history/rowWriter'
import type { Row } from '../history/tables'

const TABLES = { chapter: 'chapters', highlight: 'highlights', statement: 'statements' } as const
const KINDS: Record<string, ReviewKind> = {
  chapters: 'chapter',
  highlights: 'highlight',
  statements: 'statement',
}

/** The fields a reviewer sees of each kind, by column, in the order the report lists them. */
const FIELDS: Record<ReviewKind, readonly (readonly [column: string, field: string])[]> = {
  chapter: [
    ['title', 'title'],
    ['start', 'start'],
    ['end', 'end'],
    ['why', 'why'],
  ],
  highlight: [
    ['dimension_key', 'dimension'],
    ['time', 'time'],
    ['title', 'title'],
    ['description', 'description'],
  ],
  statement: [
    ['title', 'title'],
    ['quote', 'quote'],
    ['start', 'start'],
    ['end', 'end'],
    ['speaker_id', 'speaker'],
  ],
}

const TIMES = new Set(['start', 'end', 'time'])

/** A field's value as the report says it: times as clock times, a speaker by name (by id once gone). */
const textOf =
  (names: ReadonlyMap<string, string>) =>
  (column: string, value: Row[string] | undefined): string =>
    value === null || value === undefined
      ? ''
      : TIMES.has(column) && typeof value === 'number'
        ? formatPreciseClock(value)
        : column === 'speaker_id'
          ? (names.get(String(value)) ?? String(value))
          : String(value)

const participantNames = (db: Db, episodeId: string): Map<string, string> =>
  new Map(
    (
      db.prepare(`SELECT id, name FROM participants WHERE episode_id = ?`).all(episodeId) as {
        id: string
        name: string
      }[]
    ).map((p) => [p.id, p.name]),
  )

const itemKey = (table: string, id: unknown): string => `${table} ${String(id)}`

interface Done {
  label: string
  changes: RowChange[]
}

/**
 * The reviewed items' history: each machine item as the machine gave it (the row before its first
 * edit still done), and the items rejected. Rejected items are gone from the tables; only the history
 * keeps them. Only edits of the reviewed tables are read: a transcript import holds every word.
 */
function reviewHistory(db: Db, episodeId: string): { original: Map<string, Row>; rejected: Row[] } {
  const entries = db
    .prepare(
      `SELECT label, changes FROM edit_history WHERE episode_id = ? AND state = 'done'
       AND (changes LIKE '%"table":"statements"%' OR changes LIKE '%"table":"chapters"%'
            OR changes LIKE '%"table":"highlights"%')
       ORDER BY seq`,
    )
    .all(episodeId) as { label: string; changes: string }[]
  const original = new Map<string, Row>()
  const rejected: Row[] = []
  for (const entry of entries) {
    const done: Done = { label: entry.label, changes: JSON.parse(entry.changes) as RowChange[] }
    for (const c of done.changes) {
      if (!(c.table in KINDS) || c.before?.origin !== 'machine') continue
      const key = itemKey(c.table, c.key.id)
      if (!original.has(key)) original.set(key, { ...c.before, table: c.table })
      if (done.label.startsWith('Reject ') && c.after === null) rejected.push({ ...c.before, table: c.table })
    }
  }
  return { original, rejected }
}

const timeOf = (row: Row): number => Number(row.time ?? row.start ?? 0)

/** The items the reviewer edited and rejected, each with the machine's fields and the reviewer's. */
export function reviewedItems(db: Db, episodeId: string): ReviewedItem[] {
  const { original, rejected } = reviewHistory(db, episodeId)
  const text = textOf(participantNames(db, episodeId))
  const items: ReviewedItem[] = []
  for (const kind of ['chapter', 'highlight', 'statement'] as const) {
    const table = TABLES[kind]
    const edited = db
      .prepare(`SELECT * FROM ${table} WHERE episode_id = ? AND origin = 'machine' AND status = 'edited'`)
      .all(episodeId) as Row[]
    for (const now of edited) {
      const machine = original.get(itemKey(table, now.id)) ?? now
      const changes: ReviewFieldChange[] = FIELDS[kind]
        .filter(([column]) => machine[column] !== now[column])
        .map(([column, field]) => ({
          field,
          machine: text(column, machine[column]),
          reviewer: text(column, now[column]),
        }))
      items.push({
        kind,
        id: String(now.id),
        title: String(now.title ?? ''),
        time: timeOf(machine),
        decision: 'edited',
        changes,
      })
    }
  }
  for (const gone of rejected) {
    const kind = KINDS[String(gone.table)] as ReviewKind
    const machine = original.get(itemKey(String(gone.table), gone.id)) ?? gone
    items.push({
      kind,
      id: String(gone.id),
      title: String(machine.title ?? ''),
      time: timeOf(machine),
      decision: 'rejected',
      changes: FIELDS[kind].map(([column, field]) => ({
        field,
        machine: text(column, machine[column]),
        reviewer: '',
      })),
    })
  }
  const order: Record<ReviewKind, number> = { chapter: 0, highlight: 1, statement: 2 }
  return items.sort((a, b) => a.time - b.time || order[a.kind] - order[b.kind] || (a.id < b.id ? -1 : 1))
}

/**
 * Per machine chapter, the dimensions whose score or reasoning the reviewer changed: every one of a
 * reviewed chapter, and the scores edited one by one in a chapter not accepted yet.
 */
export function chapterScoreDifferences(db: Db, episodeId: string): ChapterScoreDifferences[] {
  const rows = db
    .prepare(
      `SELECT c.id AS chapter_id, c.title, c.start, c.status, s.dimension_key, d.label, s.value, s.reasoning,
              s.machine_value, s.machine_reasoning, s.review, s.evidence
       FROM scores s
       JOIN chapters c ON c.episode_id = s.episode_id AND c.id = s.chapter_id
       JOIN rubric_dimensions d ON d.episode_id = s.episode_id AND d.key = s.dimension_key
       WHERE s.episode_id = ? AND c.origin = 'machine' AND (c.status != 'unreviewed' OR s.review = 'edited')
         AND (s.value IS NOT s.machine_value OR s.reasoning IS NOT coalesce(s.machine_reasoning, ''))
       ORDER BY c.start, c.end, c.id, d.position, d.key`,
    )
    .all(episodeId) as {
    chapter_id: string
    title: string
    start: number
    status: ChapterScoreDifferences['status']
    dimension_key: string
    label: string
    value: number | null
    reasoning: string
    machine_value: number | null
    machine_reasoning: string | null
    review: ChapterScoreDifferences['status']
    evidence: string | null
  }[]
  const chapters: ChapterScoreDifferences[] = []
  for (const r of rows) {
    let chapter = chapters.at(-1)
    if (chapter?.chapterId !== r.chapter_id) {
      chapter = { chapterId: r.chapter_id, title: r.title, start: r.start, status: r.status, dimensions: [] }
      chapters.push(chapter)
    }
    chapter.dimensions.push({
      key: r.dimension_key,
      label: r.label,
      machine: r.machine_value,
      reviewer: r.value,
      machineReasoning: r.machine_reasoning ?? '',
      reasoning: r.reasoning,
      review: r.review,
      evidence: evidenceOf(r.evidence) ?? [],
    })
  }
  return chapters
}
