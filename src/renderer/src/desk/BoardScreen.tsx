import './deskWork.css'
import '../compare/compare.css'
import { useState } from 'react'
import { isLibraryCommand, type LibraryCommand } from '../../../shared/commands'
import type { BoardEpisode } from '../../../shared/contract/deskWork'
import { BackToLibraryBar } from '../BackToLibraryBar'
import { refusalInWords } from '../episode/refusalInWords'
import { TableHead } from '../TableHead'
import { useMenuCommand } from '../useMenuCommand'
import { BoardChoiceDialog } from './BoardChoiceDialog'
import { BoardRow } from './BoardRow'
import { hereOf, useBoard } from './useBoard'

/** Rows drawn at first, and more at each ask: a desk of thousands of episodes reads its worst at once. */
const PAGE = 100

const BOARD_COLUMNS = [
  'Episode',
  'Reviewers',
  'Agreement (α)',
  'Chosen',
  { label: 'Actions', visuallyHidden: true } as const,
]

const sentence = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1)

/**
 * The lead's board: every assigned episode with its reviewers and their states, and once two have
 * submitted, the agreement per dimension with its band; the worst agreement first, so the episodes to
 * talk about are on top. Read again as the desk brings submissions, with no reload.
 */
export function BoardScreen(props: {
  onBack: () => void
  onCompare: (id: string) => void
  onLibraryCommand: (command: LibraryCommand) => void
}): React.JSX.Element {
  const { state, replace } = useBoard()
  const [choosing, setChoosing] = useState<BoardEpisode | null>(null)
  const [shown, setShown] = useState(PAGE)
  const { onLibraryCommand } = props
  useMenuCommand((command) => {
    if (isLibraryCommand(command)) onLibraryCommand(command)
  })
  const count = state.kind === 'ready' ? state.episodes.length : null
  const choosingHere = choosing && state.kind === 'ready' ? hereOf(choosing, state.ids) : null
  return (
    <main className="desk-board">
      <BackToLibraryBar title="The desk’s board" count={count} counted="assigned" onBack={props.onBack} />
      <div className="board-body">
        {state.kind === 'reading' && <p className="hint">Asking the desk…</p>}
        {state.kind === 'refused' && (
          <div role="status" className="board-refused">
            <p>{sentence(refusalInWords(state.message))}</p>
            <p className="hint">Your own assignments are in My queue, first in the library.</p>
          </div>
        )}
        {count === 0 && (
          <p className="hint">
            No episode is assigned yet: assign with <code>episcore desk assign</code>.
          </p>
        )}
        {state.kind === 'ready' && count !== 0 && (
          <table aria-label="Assigned episodes, worst agreement first">
            <TableHead columns={BOARD_COLUMNS} scoped />
            <tbody>
              {state.episodes.slice(0, shown).map((episode) => (
                <BoardRow
                  key={episode.episode}
                  episode={episode}
                  here={hereOf(episode, state.ids)}
                  labels={state.labels}
                  onCompare={props.onCompare}
                  onChoose={setChoosing}
                />
              ))}
            </tbody>
          </table>
        )}
        {count !== null && count > shown && (
          <button type="button" className="board-more" onClick={() => setShown((n) => n + PAGE)}>
            Show {Math.min(PAGE, count - shown)} more of {count - shown} not shown
          </button>
        )}
      </div>
      {choosing && choosingHere !== null && state.kind === 'ready' && (
        <BoardChoiceDialog
          episode={state.episodes.find((e) => e.episode === choosing.episode) ?? choosing}
          here={choosingHere}
          ids={state.ids}
          onChosen={replace}
          onClose={() => setChoosing(null)}
        />
      )}
    </main>
  )
}
