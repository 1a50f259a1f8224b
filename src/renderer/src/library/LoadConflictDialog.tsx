import { useEffect, useRef } from 'react'
import { useModalDialog } from '../useModalDialog'
import { ModalForm } from '../ModalForm'

/**
 * Asked when an episode JSON file names an id already in the library: replacing loses the episode's edits
 * and history, keeping both adds the file as another analysis of the episode. Keep both has the focus, so
 * Enter loses nothing; Escape cancels, as it closes any dialog.
 */
export function LoadConflictDialog(props: {
  fileName: string
  onReplace: () => void
  onKeepBoth: () => void
  onCancel: () => void
}): React.JSX.Element {
  const dialog = useModalDialog()
  const keepBoth = useRef<HTMLButtonElement>(null)
  // Once useModalDialog's effect has shown the dialog: React's autoFocus would run while it is closed.
  useEffect(() => keepBoth.current?.focus(), [])
  return (
    <ModalForm
      dialogRef={dialog}
      className="load-conflict"
      label="Episode already in the library"
      onClose={props.onCancel}
      onSubmit={props.onKeepBoth}
    >
      <h2>Episode already in the library</h2>
      <p>
        An episode with this id exists ({props.fileName}). Replace it, losing its edits and their history, or
        keep both, adding this file as another analysis of the episode.
      </p>
      <footer>
        <button type="button" onClick={() => dialog.current?.close()}>
          Cancel
        </button>
        <button type="button" onClick={props.onReplace}>
          Replace it
        </button>
        <button type="submit" className="primary" ref={keepBoth}>
          Keep both
        </button>
      </footer>
    </ModalForm>
  )
}
