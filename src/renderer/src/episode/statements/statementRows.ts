import type { EpisodeView, StatementView } from '../../../../shared/contract'

/** A statement as the table shows it: with the names its ids stand for. */
export interface StatementRow extends StatementView {
  speakerName: string
  chapterTitle: string
  /** The chapter's place in the episode, so the column sorts in episode order; -1 for none. */
  chapterIndex: number
}

export function statementRows(view: EpisodeView): StatementRow[] {
  const speakers = new Map(view.participants.map((p) => [p.id, p.name]))
  const chapters = new Map(
    view.chapters.map((c, i) => [c.id, { title: c.title || `Chapter ${i + 1}`, index: i }]),
  )
  return view.statements.map((s) => {
    const chapter = s.chapterId ? chapters.get(s.chapterId) : undefined
    return {
      ...s,
      speakerName: (s.speakerId && speakers.get(s.speakerId)) || '',
      chapterTitle: chapter?.title ?? '',
      chapterIndex: chapter?.index ?? -1,
    }
  })
}
