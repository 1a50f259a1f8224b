import { useModalDialog } from '../useModalDialog'
import { ModalForm } from '../ModalForm'

/**
 * Asked before an import replaces segments the editor edited by hand: the new transcript does not keep
 * them, so the editor may cancel and carry the edits into the file first.
 */
export function ReplaceEditsDialog(props: {
  fileName: string
  edited: number
  onReplace: () => void
  onCancel: () => void
}): React.JSX.Element {
  const dialog = useModalDialog()
  const { edited } = props
  const segments = edited === 1 ? '1 segment' : `${edited} segments`
  return (
    <ModalForm
      dialogRef={dialog}
      className="replace-edits"
      label="Replace hand edits?"
      onClose={props.onCancel}
      onSubmit={props.onReplace}
    >
      <h2>Replace your edits?</h2>
      <p>
        You edited {segments} of the transcript by hand. Importing {props.fileName} replaces the whole
        transcript, and{' '}
        {edited === 1
          ? 'that edit is lost (Undo brings it back)'
          : 'those edits are lost (Undo brings them back)'}
        .
      </p>
      <footer>
        <button type="button" onClick={() => dialog.current?.close()}>
          Cancel
        </button>
        <button type="submit" className="primary">
          Import and replace {segments}
        </button>
      </footer>
    </ModalForm>
  )
}
