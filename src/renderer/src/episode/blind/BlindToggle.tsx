import { COMMANDS, type CommandId } from '../../../../shared/commands'
import type { EpisodeView } from '../../../../shared/contract'
import { titleWithShortcut } from '../../commands/shortcuts'
import { hasMachineScores } from '../../../../shared/blindView'

/** The toolbar's switch for scoring blind, shown where a machine scored something to hide. */
export function BlindToggle({
  view,
  run,
}: {
  view: EpisodeView
  run: (id: CommandId) => void
}): React.JSX.Element | null {
  if (!view.blind && !hasMachineScores(view)) return null
  return (
    <button
      type="button"
      className="blind-toggle"
      aria-pressed={view.blind}
      title={titleWithShortcut(COMMANDS['review.blind'].label, 'review.blind')}
      onClick={() => run('review.blind')}
    >
      Score blind
    </button>
  )
}
