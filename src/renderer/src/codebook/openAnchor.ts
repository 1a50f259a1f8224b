import type { AnchorTarget } from '../../../shared/codebook'
import type { Selection } from '../episode/editorPanelProps'
import { call } from '../platform'
import { go } from '../routes'

/** A chapter score's anchor plays the chapter's first 15 s, as the review plays a chapter. */
const CHAPTER_SECONDS = 15

/** An anchor's moment: its episode, the stretch it plays, and the item it selects there. */
export interface AnchorMoment {
  episodeId: string
  start: number
  end: number
  item: Selection
}

/**
 * Where an anchor's moment is: a range as cited, a statement's span (read from its episode), a chapter
 * score's chapter. Throws, naming it, when the statement or chapter is no longer there.
 */
export async function anchorMoment(target: AnchorTarget): Promise<AnchorMoment> {
  const episodeId = target.episodeId
  if (target.kind === 'range') return { episodeId, start: target.start, end: target.end, item: null }
  const view = await call('episodes.open', { id: episodeId })
  if (target.kind === 'statement') {
    const s = view.statements.find((x) => x.id === target.statementId)
    if (!s) throw new Error(`The anchor’s statement is no longer in ${view.summary.title}`)
    return { episodeId, start: s.start, end: s.end, item: { kind: 'statement', id: s.id } }
  }
  const c = view.chapters.find((x) => x.id === target.chapterId)
  if (!c) throw new Error(`The anchor’s chapter is no longer in ${view.summary.title}`)
  const end = Math.min(c.end, c.start + CHAPTER_SECONDS)
  return { episodeId, start: c.start, end, item: { kind: 'chapter', id: c.id } }
}

/** Opens the anchor's episode at its moment, as a search hit opens one, with its item selected. */
export async function openAnchor(target: AnchorTarget): Promise<void> {
  const m = await anchorMoment(target)
  go({ screen: 'episode', id: m.episodeId, at: m.start, ...(m.item && { item: m.item }) })
}
