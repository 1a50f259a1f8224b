import { QuestionDialog } from '../QuestionDialog'

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
  return (
    <QuestionDialog
      className="load-conflict"
      title="Episode already in the library"
      onCancel={props.onCancel}
      onSubmit={props.onKeepBoth}
      submit="Keep both"
      focusSubmit
      otherAnswers={
        <button type="button" onClick={props.onReplace}>
          Replace it
        </button>
      }
    >
      <p>
        An episode with this id exists ({props.fileName}). Replace it, losing its edits and their history, or
        keep both, adding this file as another analysis of the episode.
      </p>
    </QuestionDialog>
  )
}
