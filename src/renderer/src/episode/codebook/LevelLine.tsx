import { levelScores, type LevelDescriptor } from '../../../../shared/codebook'
import { shortcutOf } from '../../commands/shortcuts'
import type { FocusedLevel } from './focusedLevel'

/** A descriptor as a line: "7-8: the guest corrects the host with a source". */
export const levelInWords = (level: LevelDescriptor): string => `${levelScores(level)}: ${level.text}`

/**
 * What the score being typed or proposed means in the codebook, where the scorer's eyes are: the panel's
 * hint line while a described score has the focus (read out as it changes), the typing hint otherwise.
 */
export function LevelLine(props: {
  /** The focused score's dimension label and its level, or null when no score has the focus. */
  focused: FocusedLevel | null
  hint: React.ReactNode
}): React.JSX.Element {
  const { focused } = props
  // A score no descriptor covers (a dimension not described yet, or no codebook) keeps the typing hint.
  const level = focused?.level
  const said =
    focused && level
      ? `${focused.label} ${focused.score}${level.from === level.to ? '' : ` (${levelScores(level)})`}: ${level.text}`
      : null
  const key = shortcutOf('codebook.definition')
  // One line that keeps its height whatever it says (long ones end in …, whole on hover): a descriptor
  // coming or going never moves the table under the pointer.
  return (
    <span className="hint level-line" aria-live="polite" title={said ?? undefined}>
      {said ?? props.hint} · <kbd>{key}</kbd> on a score: its definition
    </span>
  )
}
