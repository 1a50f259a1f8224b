import type { RefObject } from 'react'

/**
 * A modal dialog holding one form: submitting it (Enter, its submit button) runs `onSubmit` instead of
 * the browser's own submission, and Escape or a `method="dialog"` button closes it through `onClose`.
 * Every dialog that asks something of the editor is this frame around its own fields, under its title.
 */
export function ModalForm({
  dialogRef,
  ...props
}: {
  dialogRef: RefObject<HTMLDialogElement | null>
  className: string
  /** The dialog's heading, and its accessible name unless `label` gives another. */
  title: string
  /** The dialog's accessible name, where it is not its title. */
  label?: string
  onClose: () => void
  onSubmit: () => void
  /** The core says what is wrong with a value, in the dialog, rather than the browser's bubble. */
  noValidate?: boolean
  onKeyDown?: React.KeyboardEventHandler<HTMLDialogElement>
  children: React.ReactNode
}): React.JSX.Element {
  return (
    <dialog
      ref={dialogRef}
      className={props.className}
      aria-label={props.label ?? props.title}
      onClose={props.onClose}
      onKeyDown={props.onKeyDown}
    >
      <form
        method="dialog"
        noValidate={props.noValidate}
        onSubmit={(e) => {
          e.preventDefault()
          props.onSubmit()
        }}
      >
        <h2>{props.title}</h2>
        {props.children}
      </form>
    </dialog>
  )
}
