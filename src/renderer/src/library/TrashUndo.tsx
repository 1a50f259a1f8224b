import type { EpisodeActions } from './useEpisodeActions'

/** Said as soon as an episode goes to the trash, with the way back at once. */
export function TrashUndo({ actions }: { actions: EpisodeActions }): React.JSX.Element | null {
  if (!actions.trashed) return null
  return (
    <p role="status" className="trash-undo">
      Moved to the trash.{' '}
      <button type="button" onClick={actions.undoTrash}>
        Undo
      </button>{' '}
      <button type="button" className="dismiss" aria-label="Dismiss" onClick={actions.dismissUndo}>
        ×
      </button>
    </p>
  )
}
