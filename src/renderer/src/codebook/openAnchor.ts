import type { AnchorTarget } from '../../../shared/codebook'
import { call } from '../platform'
import { go } from '../routes'

/**
 * Opens an anchor's episode at its moment, as a search hit opens one: a range at its start, a statement
 * selected at its start, a chapter score at its chapter. Answers why it could not (an episode since removed).
 */
export async function openAnchor(target: AnchorTarget): Promise<string | null> {
  const id = target.episodeId
  if (target.kind === 'range') {
    go({ screen: 'episode', id, at: target.start })
    return null
  }
  try {
    const view = await call('episodes.open', { id })
    if (target.kind === 'statement') {
      const s = view.statements.find((x) => x.id === target.statementId)
      if (!s) return `The anchor’s statement is no longer in ${view.summary.title}`
      go({ screen: 'episode', id, at: s.start, item: { kind: 'statement', id: s.id } })
      return null
    }
    const c = view.chapters.find((x) => x.id === target.chapterId)
    if (!c) return `The anchor’s chapter is no longer in ${view.summary.title}`
    go({ screen: 'episode', id, at: c.start, item: { kind: 'chapter', id: c.id } })
    return null
  } catch (e) {
    return e instanceof Error ? e.message : String(e)
  }
}

/** An anchor's moment in words, before it is opened. */
export function anchorInWords(target: AnchorTarget): string {
  if (target.kind === 'range') return `a moment of ${target.episodeId}`
  if (target.kind === 'statement') return `a statement of ${target.episodeId}`
  return `a chapter’s score in ${target.episodeId}`
}
