import { useEffect, useRef } from 'react'
import { ModalForm } from './ModalForm'
import { useModalDialog } from './useModalDialog'

/**
 * A question asked before something that would lose the editor's work: a title, what would be lost,
 * and a footer of answers. Cancel (or Escape) closes it through `onCancel`; the submit answer (Enter)
 * runs `onSubmit`; any other answers stand between the two.
 */
export function QuestionDialog(props: {
  className: string
  title: string
  /** The dialog's accessible name, where it is not its title. */
  label?: string
  onCancel: () => void
  onSubmit: () => void
  submit: React.ReactNode
  /** The submit answer has the focus, so that Enter does what it says (otherwise the browser's first). */
  focusSubmit?: boolean
  otherAnswers?: React.ReactNode
  children: React.ReactNode
}): React.JSX.Element {
  const dialog = useModalDialog()
  const submit = useRef<HTMLButtonElement>(null)
  const { focusSubmit } = props
  // After useModalDialog's effect has shown the dialog: React's autoFocus would run while it is closed.
  useEffect(() => {
    if (focusSubmit) submit.current?.focus()
  }, [focusSubmit])
  return (
    <ModalForm
      dialogRef={dialog}
      className={props.className}
      title={props.title}
      label={props.label}
      onClose={props.onCancel}
      onSubmit={props.onSubmit}
    >
      {props.children}
      <footer>
        <button type="button" onClick={() => dialog.current?.close()}>
          Cancel
        </button>
        {props.otherAnswers}
        <button type="submit" className="primary" ref={submit}>
          {props.submit}
        </button>
      </footer>
    </ModalForm>
  )
}
