import type { EpisodeView, StatementView } from '../../../../shared/contract'

/** A statement as the table shows it: with the names its ids stand for. */
export interface StatementRow extends StatementView {
  speakerName: string
  chapterTitle: string
  /** The chapter's place in the episode, so the column sorts in episode order; -1 for none. */
  chapterIndex: number
}

// The row made for each statement object: a view that keeps unchanged statements as the same objects
// gets the same rows back, so their table rows are not drawn again after an edit elsewhere.
const made = new WeakMap<StatementView, StatementRow>()

export function statementRows(view: EpisodeView): StatementRow[] {
  const speakers = new Map(view.participants.map((p) => [p.id, p.name]))
  const chapters = new Map(
    view.chapters.map((c, i) => [c.id, { title: c.title || `Chapter ${i + 1}`, index: i }]),
  )
  return view.statements.map((s) => {
    const chapter = s.chapterId ? chapters.get(s.chapterId) : undefined
    const speakerName = (s.speakerId && speakers.get(s.speakerId)) || ''
    const chapterTitle = chapter?.title ?? ''
    const chapterIndex = chapter?.index ?? -1
    const kept = made.get(s)
    if (
      kept &&
      kept.speakerName === speakerName &&
      kept.chapterTitle === chapterTitle &&
      kept.chapterIndex === chapterIndex
    )
      return kept
    const row = { ...s, speakerName, chapterTitle, chapterIndex }
    made.set(s, row)
    return row
  })
}
