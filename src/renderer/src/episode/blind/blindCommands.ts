import type { CommandHandler, CommandHandlers } from '../../commands/commandRegistry'
import type { ChapterView, EpisodeView } from '../../../../shared/contract'
import type { EditorContext } from '../editorContext'
import { hasMachineScores } from '../../../../shared/blindView'

type Handler = CommandHandler<EditorContext, EpisodeView>

/** Why Score blind does nothing here: what it hides is not in this analysis. */
export const NOTHING_TO_HIDE = 'Score blind hides a machine’s scores; this analysis has none'

/** The selected chapter's dimensions whose machine score is hidden (none unless scoring blind). */
const hiddenInSelected = (c: EditorContext): { chapter: ChapterView; hidden: string[] } | null => {
  const { selection } = c
  if (selection?.kind !== 'chapter') return null
  const chapter = c.view.chapters.find((ch) => ch.id === selection.id)
  return chapter?.hiddenScores?.length ? { chapter, hidden: chapter.hiddenScores } : null
}

/** Scoring blind and revealing a chapter: the Review group's commands for it. */
export const BLIND_COMMANDS: CommandHandlers<EditorContext, EpisodeView> = {
  'review.blind': {
    // Always runs: where there is nothing to hide, B says so rather than doing nothing in silence.
    // Turning it off stays possible whatever became of the machine's chapters.
    label: (view) =>
      view.blind ? 'Stop scoring blind: show every machine score' : 'Score blind: hide the machine’s scores',
    perform: (c) => {
      if (!c.view.blind && !hasMachineScores(c.view)) return c.notify(NOTHING_TO_HIDE)
      void c.edit('review.setBlind', { id: c.id, blind: !c.view.blind })
    },
  },
  'review.reveal': {
    enabled: (c) => hiddenInSelected(c) !== null,
    perform: (c) => {
      const selected = hiddenInSelected(c)
      if (selected) c.reveal(selected.chapter.id)
    },
  },
}

/**
 * Accepting a chapter takes its scores as the machine gave them: while some are hidden, the reviewer
 * would take numbers they have not seen, so they score them or reveal the chapter first.
 */
export const acceptingSeen = (accept: Handler): Handler => ({
  perform: (c) => {
    if (hiddenInSelected(c))
      return c.notify(
        'Score this chapter’s hidden dimensions, or reveal the machine’s scores, before accepting it: A would take scores you have not seen',
      )
    accept.perform(c)
  },
})
