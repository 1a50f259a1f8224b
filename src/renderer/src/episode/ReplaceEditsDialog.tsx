import { QuestionDialog } from '../QuestionDialog'

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
  const { edited } = props
  const segments = edited === 1 ? '1 segment' : `${edited} segments`
  return (
    <QuestionDialog
      className="replace-edits"
      label="Replace hand edits?"
      title="Replace your edits?"
      onCancel={props.onCancel}
      onSubmit={props.onReplace}
      submit={`Import and replace ${segments}`}
    >
      <p>
        You edited {segments} of the transcript by hand. Importing {props.fileName} replaces the whole
        transcript, and{' '}
        {edited === 1
          ? 'that edit is lost (Undo brings it back)'
          : 'those edits are lost (Undo brings them back)'}
        .
      </p>
    </QuestionDialog>
  )
}
