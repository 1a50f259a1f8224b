/** Where an analysis stands with its show's codebook, and moving it to the current version. */
import type { AnalysisCodebook } from '../../shared/contract/codebook'
import { analysisEdit } from '../analysis/analysisEdit'
import { chapterRows, dimensionRows, unscored } from '../analysis/analysisRows'
import type { Db } from '../db/openDatabase'
import { episodeRow } from '../episodes/episodeQueries'
import { UserError } from '../errors'
import { codebookChanges, noChanges } from './codebookChanges'
import { currentVersionNumber, readVersion, type CodebookContent } from './codebookRows'
import { stampOf } from './codebookStamp'

/** The show an analysis answers to: the one its stamp names, else its own. */
const showOf = (db: Db, episodeId: string): string =>
  stampOf(db, episodeId)?.show ?? episodeRow(db, episodeId).show

/** The analysis's own rubric as codebook content: what an unstamped analysis is compared by. */
function ownRubric(db: Db, episodeId: string): CodebookContent {
  const row = episodeRow(db, episodeId)
  return {
    scale: { min: row.scale_min, max: row.scale_max },
    dimensions: dimensionRows(db, episodeId).map((d) => ({
      key: d.key,
      label: d.label,
      definition: d.description,
      highlightLabel: d.highlight_label,
      levels: [],
      anchors: [],
    })),
  }
}

/**
 * The stamped version, the show's current one, and what changed between them. An analysis never stamped
 * is compared by its own rubric (without descriptors), so the editor sees what moving it would do.
 */
export function analysisCodebook(db: Db, episodeId: string): AnalysisCodebook {
  const stamp = stampOf(db, episodeId)
  const current = currentVersionNumber(db, showOf(db, episodeId))
  if (current === null) return { stamped: stamp?.version ?? null, current: null, changes: null }
  if (stamp?.version === current) return { stamped: current, current, changes: null }
  const show = showOf(db, episodeId)
  const to = readVersion(db, show, current)
  const from = stamp ? readVersion(db, stamp.show, stamp.version) : null
  if (!to) return { stamped: stamp?.version ?? null, current: null, changes: null }
  const changes = codebookChanges(from ?? ownRubric(db, episodeId), to)
  return { stamped: stamp?.version ?? null, current, changes: noChanges(changes) ? null : changes }
}

/**
 * Moves the analysis to the show's current version in one undoable edit, mapping dimensions by key: each
 * kept dimension reads as the version says, a removed one goes with its scores and highlight (undo brings
 * them back), an added one comes unscored. When the scale changed every score keeps its value and is
 * flagged for rescoring, never converted. Answers how many scores were flagged.
 */
export function moveAnalysis(db: Db, episodeId: string): { flagged: number } {
  const show = showOf(db, episodeId)
  const current = currentVersionNumber(db, show)
  const version = current === null ? null : readVersion(db, show, current)
  if (!version)
    throw new UserError(
      'invalid-request',
      `${show || 'this show'} has no published codebook to move the analysis to`,
    )
  const stamp = stampOf(db, episodeId)
  if (stamp?.show === show && stamp.version === version.version)
    throw new UserError('invalid-request', `the analysis is already scored under version ${version.version}`)
  const row = episodeRow(db, episodeId)
  const scaleChanged = row.scale_min !== version.scale.min || row.scale_max !== version.scale.max
  const before = dimensionRows(db, episodeId)
  const wanted = new Set(version.dimensions.map((d) => d.key))
  const chapters = chapterRows(db, episodeId)
  const highlights = db
    .prepare(`SELECT id, dimension_key FROM highlights WHERE episode_id = ?`)
    .all(episodeId) as { id: string; dimension_key: string }[]
  let flagged = 0
  analysisEdit(db, episodeId, `Move to codebook version ${version.version}`, (w) => {
    // Removed first: a label the version gives another key may be held by a dimension leaving.
    for (const d of before.filter((d) => !wanted.has(d.key))) {
      for (const chapter of chapters)
        w.delete('scores', { episode_id: episodeId, chapter_id: chapter.id, dimension_key: d.key })
      for (const h of highlights.filter((h) => h.dimension_key === d.key))
        w.delete('highlights', { episode_id: episodeId, id: h.id })
      w.delete('rubric_dimensions', { episode_id: episodeId, key: d.key })
    }
    const kept = new Set(before.map((d) => d.key))
    version.dimensions.forEach((d, position) => {
      const fields = {
        label: d.label,
        description: d.definition,
        highlight_label: d.highlightLabel,
        position,
      }
      if (kept.has(d.key)) {
        w.update('rubric_dimensions', { episode_id: episodeId, key: d.key }, fields)
        return
      }
      w.insert('rubric_dimensions', { episode_id: episodeId, key: d.key, ...fields })
      for (const chapter of chapters) w.insert('scores', unscored(episodeId, chapter.id, d.key))
    })
    if (scaleChanged) {
      const scored = db
        .prepare(`SELECT chapter_id, dimension_key FROM scores WHERE episode_id = ? AND value IS NOT NULL`)
        .all(episodeId) as { chapter_id: string; dimension_key: string }[]
      for (const s of scored) {
        w.update(
          'scores',
          { episode_id: episodeId, chapter_id: s.chapter_id, dimension_key: s.dimension_key },
          {
            rescore: 1,
          },
        )
        flagged++
      }
    }
    w.update(
      'episodes',
      { id: episodeId },
      {
        scale_min: version.scale.min,
        scale_max: version.scale.max,
        codebook_show: show,
        codebook_version: version.version,
      },
    )
  })
  return { flagged }
}
