import type { LevelDescriptor } from '../../../../shared/codebook'
import type { EpisodeView } from '../../../../shared/contract'
import type { ScoreCellAddress } from '../chapters/useScoreTyping'

export interface FocusedLevel {
  label: string
  score: number | null
  level: LevelDescriptor | null
}

/**
 * The focused score as the hint line says it: its dimension, the score typed (digits still waiting for
 * the next) or given, and that score's descriptor. Null for no focus, or a score hidden while scoring blind.
 */
export function focusedLevel(
  view: EpisodeView,
  focused: ScoreCellAddress | null,
  pending: { cell: ScoreCellAddress; typed: string } | null,
  levelOf: (dimension: string, score: number | null) => LevelDescriptor | null,
): FocusedLevel | null {
  const d = focused && view.rubric.dimensions.find((x) => x.key === focused.dimension)
  const chapter = focused && view.chapters.find((c) => c.id === focused.chapterId)
  if (!focused || !d || !chapter || chapter.hiddenScores?.includes(d.key)) return null
  const typing = pending?.cell.chapterId === focused.chapterId && pending.cell.dimension === focused.dimension
  const score = typing ? Number(pending.typed) : (chapter.scores[d.key]?.value ?? null)
  return { label: d.label, score, level: levelOf(d.key, score) }
}
