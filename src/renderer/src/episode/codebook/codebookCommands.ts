import type { CommandHandlers } from '../../commands/commandRegistry'
import type { EpisodeView } from '../../../../shared/contract'
import type { EditorContext } from '../editorContext'
import { anchorChoice, holdAnchorChoice } from './anchorTarget'

/** The codebook's commands in the editor: the focused dimension's definition, and a moment made an anchor. */
export const CODEBOOK_COMMANDS: CommandHandlers<EditorContext, EpisodeView> = {
  'codebook.definition': { perform: (c) => c.open('definition') },
  'codebook.addAnchor': {
    perform: (c) => {
      const statement = c.selection?.kind === 'statement' ? c.selection.id : null
      const choice = anchorChoice(c.view, statement)
      if (!choice)
        return c.notify(
          'Focus a score, select a statement or select words of the transcript: that is the anchor',
        )
      if (!c.view.summary.show)
        return c.notify(
          'This episode has no show: give it one in its details, then its show’s codebook takes anchors',
        )
      holdAnchorChoice(choice)
      c.open('anchor')
    },
  },
}
