/** A codebook version as the library's tables hold it (migration 022): read whole, written whole. */
import type {
  Anchor,
  CodebookDimension,
  CodebookState,
  CodebookVersion,
  CodebookVersionSummary,
} from '../../shared/codebook'
import type { Db } from '../db/openDatabase'
import { statement } from '../db/statements'

/** What a version holds besides its number and state: what a draft's save replaces. */
export interface CodebookContent {
  scale: { min: number; max: number }
  dimensions: CodebookDimension[]
}

interface VersionRow {
  show: string
  version: number
  state: CodebookState
  scale_min: number
  scale_max: number
  created_at: string
  published_at: string | null
  used: number
  dimensions: number
}

const VERSION_COLUMNS = `v.show, v.version, v.state, v.scale_min, v.scale_max, v.created_at, v.published_at,
  EXISTS (SELECT 1 FROM episodes e WHERE e.codebook_show = v.show AND e.codebook_version = v.version) AS used,
  (SELECT count(*) FROM codebook_dimensions d WHERE d.show = v.show AND d.version = v.version) AS dimensions`

const summaryOf = (row: VersionRow): CodebookVersionSummary => ({
  show: row.show,
  version: row.version,
  state: row.state,
  scale: { min: row.scale_min, max: row.scale_max },
  createdAt: row.created_at,
  publishedAt: row.published_at,
  used: row.used === 1,
  dimensions: row.dimensions,
})

/** Every version of the show, oldest first. */
export function versionSummaries(db: Db, show: string): CodebookVersionSummary[] {
  const rows = statement(
    db,
    `SELECT ${VERSION_COLUMNS} FROM codebook_versions v WHERE v.show = ? ORDER BY v.version`,
  ).all(show) as VersionRow[]
  return rows.map(summaryOf)
}

/** One version whole, or null when the show has no such version. */
export function readVersion(db: Db, show: string, version: number): CodebookVersion | null {
  const row = statement(
    db,
    `SELECT ${VERSION_COLUMNS} FROM codebook_versions v WHERE v.show = ? AND v.version = ?`,
  ).get(show, version) as VersionRow | undefined
  if (!row) return null
  const { dimensions: _count, ...summary } = summaryOf(row)
  return { ...summary, dimensions: readDimensions(db, show, version) }
}

/** The show's current version: its highest published one. */
export function currentVersionNumber(db: Db, show: string): number | null {
  const row = statement(
    db,
    `SELECT max(version) AS version FROM codebook_versions WHERE show = ? AND state = 'published'`,
  ).get(show) as { version: number | null }
  return row.version
}

export function draftVersionNumber(db: Db, show: string): number | null {
  const row = statement(db, `SELECT version FROM codebook_versions WHERE show = ? AND state = 'draft'`).get(
    show,
  ) as { version: number } | undefined
  return row?.version ?? null
}

export function nextVersionNumber(db: Db, show: string): number {
  const row = statement(db, `SELECT max(version) AS version FROM codebook_versions WHERE show = ?`).get(
    show,
  ) as { version: number | null }
  return (row.version ?? 0) + 1
}

interface DimensionRow {
  key: string
  label: string
  definition: string
  highlight_label: string
}
interface LevelRow {
  key: string
  from_score: number
  to_score: number
  text: string
}
interface AnchorRow {
  key: string
  id: string
  kind: Anchor['target']['kind']
  episode_id: string
  item_id: string | null
  start: number | null
  end: number | null
  note: string
}

function readDimensions(db: Db, show: string, version: number): CodebookDimension[] {
  const dimensions = statement(
    db,
    `SELECT key, label, definition, highlight_label FROM codebook_dimensions WHERE show = ? AND version = ? ORDER BY position`,
  ).all(show, version) as DimensionRow[]
  const levels = statement(
    db,
    `SELECT key, from_score, to_score, text FROM codebook_levels WHERE show = ? AND version = ? ORDER BY key, position`,
  ).all(show, version) as LevelRow[]
  const anchors = statement(
    db,
    `SELECT key, id, kind, episode_id, item_id, start, end, note FROM codebook_anchors WHERE show = ? AND version = ? ORDER BY key, position`,
  ).all(show, version) as AnchorRow[]
  return dimensions.map((d) => ({
    key: d.key,
    label: d.label,
    definition: d.definition,
    highlightLabel: d.highlight_label,
    levels: levels
      .filter((l) => l.key === d.key)
      .map((l) => ({ from: l.from_score, to: l.to_score, text: l.text })),
    anchors: anchors.filter((a) => a.key === d.key).map(anchorOf),
  }))
}

function anchorOf(row: AnchorRow): Anchor {
  const episodeId = row.episode_id
  const target: Anchor['target'] =
    row.kind === 'statement'
      ? { kind: 'statement', episodeId, statementId: row.item_id ?? '' }
      : row.kind === 'chapterScore'
        ? { kind: 'chapterScore', episodeId, chapterId: row.item_id ?? '' }
        : { kind: 'range', episodeId, start: row.start ?? 0, end: row.end ?? 0 }
  return { id: row.id, target, note: row.note }
}

/** Makes a version's row (no dimensions yet). */
export function insertVersion(
  db: Db,
  show: string,
  version: number,
  state: CodebookState,
  scale: { min: number; max: number },
): void {
  const now = new Date().toISOString()
  statement(
    db,
    `INSERT INTO codebook_versions (show, version, state, scale_min, scale_max, created_at, published_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(show, version, state, scale.min, scale.max, now, state === 'published' ? now : null)
}

/** Replaces the version's scale and dimensions (with their levels and anchors) by `content`. */
export function writeContent(db: Db, show: string, version: number, content: CodebookContent): void {
  statement(
    db,
    `UPDATE codebook_versions SET scale_min = ?, scale_max = ? WHERE show = ? AND version = ?`,
  ).run(content.scale.min, content.scale.max, show, version)
  // Levels and anchors cascade from their dimension.
  statement(db, `DELETE FROM codebook_dimensions WHERE show = ? AND version = ?`).run(show, version)
  const dimension = statement(
    db,
    `INSERT INTO codebook_dimensions (show, version, key, position, label, definition, highlight_label) VALUES (?, ?, ?, ?, ?, ?, ?)`,
  )
  const level = statement(
    db,
    `INSERT INTO codebook_levels (show, version, key, position, from_score, to_score, text) VALUES (?, ?, ?, ?, ?, ?, ?)`,
  )
  const anchor = statement(
    db,
    `INSERT INTO codebook_anchors (show, version, key, id, position, kind, episode_id, item_id, start, end, note) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
  content.dimensions.forEach((d, position) => {
    dimension.run(show, version, d.key, position, d.label, d.definition, d.highlightLabel)
    d.levels.forEach((l, i) => level.run(show, version, d.key, i, l.from, l.to, l.text))
    d.anchors.forEach((a, i) => {
      const t = a.target
      const item = t.kind === 'statement' ? t.statementId : t.kind === 'chapterScore' ? t.chapterId : null
      const [start, end] = t.kind === 'range' ? [t.start, t.end] : [null, null]
      anchor.run(show, version, d.key, a.id, i, t.kind, t.episodeId, item, start, end, a.note)
    })
  })
}
