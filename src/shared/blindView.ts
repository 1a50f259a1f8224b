import { chapterAt } from './chapterAt'
import type { ChapterView, EpisodeView, ScoreView } from './contract'

/**
 * The dimensions of a chapter whose machine score the reviewer must not see yet: the machine gave a
 * score or reasoning, and the reviewer has neither rated it (edited) nor taken the chapter as it is
 * (accepted), nor revealed the chapter.
 */
export function hiddenDimensions(chapter: ChapterView, revealed: ReadonlySet<string>): string[] {
  if (chapter.origin !== 'machine' || !chapter.machineScores || revealed.has(chapter.id)) return []
  const machine = chapter.machineScores
  // In the rubric's order, as the chapter's scores are.
  return Object.keys(chapter.scores).filter((key) => {
    const theirs = machine[key]
    return (
      theirs !== undefined && (theirs.value !== null || theirs.reasoning !== '') && isUnrated(chapter, key)
    )
  })
}

const isUnrated = (chapter: ChapterView, key: string): boolean =>
  (chapter.scoreReview?.[key] ?? 'unreviewed') === 'unreviewed'

/** What a hidden cell reads as: not scored yet, which for the reviewer it is. */
const UNSEEN: ScoreView = { value: null, reasoning: '' }

function blindChapter(chapter: ChapterView, hidden: readonly string[]): ChapterView {
  if (hidden.length === 0) return chapter
  const scores = { ...chapter.scores }
  const machineScores = { ...chapter.machineScores }
  for (const key of hidden) {
    scores[key] = UNSEEN
    delete machineScores[key]
  }
  return { ...chapter, scores, machineScores, hiddenScores: [...hidden] }
}

/**
 * The episode as a reviewer scoring blind may see it. Everything the window shows is drawn from this
 * view, so the machine's number cannot leak through a chart, a mean, a tooltip or a problem's text: a
 * hidden score (its value, reasoning and evidence) reads as not given, and the machine's unreviewed
 * highlight of that dimension in that chapter is not there. Each chapter's object stays the same one
 * where nothing of it is hidden, so only what changed is drawn again.
 */
export function blindView(view: EpisodeView, revealed: ReadonlySet<string>): EpisodeView {
  if (!view.blind) return view
  const hiddenOf = new Map<string, readonly string[]>()
  for (const c of view.chapters) {
    const hidden = hiddenDimensions(c, revealed)
    if (hidden.length > 0) hiddenOf.set(c.id, hidden)
  }
  if (hiddenOf.size === 0) return view
  const isHidden = (chapterId: string | undefined, key: string | null): boolean =>
    chapterId !== undefined && key !== null && (hiddenOf.get(chapterId)?.includes(key) ?? false)
  const hiddenKeys = new Set([...hiddenOf.values()].flat())
  return {
    ...view,
    chapters: view.chapters.map((c) => blindChapter(c, hiddenOf.get(c.id) ?? [])),
    highlights: view.highlights.filter(
      (h) =>
        h.origin !== 'machine' ||
        h.status !== 'unreviewed' ||
        !isHidden(chapterAt(view.chapters, h.time)?.id, h.dimension),
    ),
    // A mean over scores some of which are hidden would still carry them: it waits with them.
    scoreSummary: Object.fromEntries(
      Object.entries(view.scoreSummary).map(([key, mean]) => [key, hiddenKeys.has(key) ? null : mean]),
    ),
    quoteFindings: view.quoteFindings.filter(
      (f) => !(f.field === 'reasoning' && f.target?.kind === 'chapter' && isHidden(f.target.id, f.dimension)),
    ),
  }
}

/** Whether blind scoring means anything here: some chapter holds what a machine scored. */
export const hasMachineScores = (view: EpisodeView): boolean =>
  view.chapters.some(
    (c) =>
      c.origin === 'machine' &&
      c.machineScores !== null &&
      Object.values(c.machineScores).some((m) => m.value !== null || m.reasoning !== ''),
  )

/** The reviewer's score against the machine's, signed the way a reader says it: −3, +2, same. */
export const scoreDifference = (own: number, machine: number): string =>
  own === machine ? 'same' : `${own > machine ? '+' : '−'}${Math.abs(own - machine)}`
