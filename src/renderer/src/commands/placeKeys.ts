import { TEN_KEY } from '../../../shared/scoreScale'

/** Keys that belong to a place on the screen rather than to a command: what the shortcut sheet adds. */
export interface PlaceKeys {
  place: string
  keys: readonly { keys: readonly string[]; does: string }[]
}

/**
 * The score table's keys (src/renderer/src/episode/chapters/ScoreCell.tsx, useScoreTyping.ts) and a text
 * field's (src/renderer/src/fields/fieldCommit.ts), as the shortcut sheet lists them.
 */
export const PLACE_KEYS: readonly PlaceKeys[] = [
  {
    place: 'In the score table',
    keys: [
      { keys: ['0', '…', '9'], does: 'Set the focused score' },
      { keys: ['1', '0'], does: 'Score 10, one undo step' },
      { keys: [TEN_KEY], does: 'Score 10' },
      { keys: ['Backspace'], does: 'Clear the score' },
      { keys: ['Enter'], does: 'Write the score’s reasoning' },
      { keys: ['Ctrl+Enter'], does: 'Save the reasoning, back to the score' },
      { keys: ['←', '↑', '→', '↓'], does: 'Move between scores' },
    ],
  },
  {
    place: 'In a text field',
    keys: [
      { keys: ['Enter'], does: 'Save (Ctrl+Enter where Enter makes a new line)' },
      { keys: ['Esc'], does: 'Save, and back to the editor’s keys' },
      { keys: ['Tab'], does: 'Save, on to the next field' },
    ],
  },
  {
    place: 'In the rubric',
    keys: [{ keys: ['Alt+↑', 'Alt+↓'], does: 'Move the dimension' }],
  },
]
