import type { AnchorTarget } from '../../../../shared/codebook'
import type { EpisodeView } from '../../../../shared/contract'
import { formatClock } from '../../../../shared/time'
import { lastCitable } from '../evidence/citeSource'
import { focusedCiteTarget } from '../evidence/citeTarget'

/** A moment to add as an anchor, with the dimension it is first offered for. */
export interface AnchorChoice {
  target: AnchorTarget
  dimension: string | null
}

/**
 * What Add as Codebook Anchor takes: the focused score (its chapter, its dimension), else the selected
 * statement, else the transcript words selected last; null when there is none of them.
 */
export function anchorChoice(view: EpisodeView, selectedStatement: string | null): AnchorChoice | null {
  const episodeId = view.summary.id
  const focused = focusedCiteTarget()
  if (focused?.kind === 'score')
    return {
      target: { kind: 'chapterScore', episodeId, chapterId: focused.chapterId },
      dimension: focused.dimension,
    }
  if (selectedStatement)
    return { target: { kind: 'statement', episodeId, statementId: selectedStatement }, dimension: null }
  const last = lastCitable(episodeId)
  if (last && 'start' in last)
    return { target: { kind: 'range', episodeId, start: last.start, end: last.end }, dimension: null }
  if (last) return { target: { kind: 'statement', episodeId, statementId: last.statement }, dimension: null }
  return null
}

/** The moment in words, as the dialog names it. */
export function anchorInWords(view: EpisodeView, target: AnchorTarget): string {
  if (target.kind === 'statement') {
    const statement = view.statements.find((s) => s.id === target.statementId)
    return `the statement “${statement?.title || target.statementId}”`
  }
  if (target.kind === 'chapterScore') {
    const chapter = view.chapters.find((c) => c.id === target.chapterId)
    return `the score of the chapter “${chapter?.title || target.chapterId}”`
  }
  return `the words from ${formatClock(target.start)} to ${formatClock(target.end)}`
}

let pending: AnchorChoice | null = null

/** Kept by the command for the dialog it opens (the dialog takes the focus the choice was read from). */
export const holdAnchorChoice = (choice: AnchorChoice): void => {
  pending = choice
}
export const heldAnchorChoice = (): AnchorChoice | null => pending
