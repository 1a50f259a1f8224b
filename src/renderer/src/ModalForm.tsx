import type { RefObject } from 'react'

/**
 * A modal dialog holding one form: submitting it (Enter, its submit button) runs `onSubmit` instead of
 * the browser's own submission, and Escape or a `method="dialog"` button closes it through `onClose`.
 * Every dialog that asks something of the editor is this frame around its own fields.
 */
export function ModalForm({
  dialogRef,
  ...props
}: {
  dialogRef: RefObject<HTMLDialogElement | null>
  className: string
  label: string
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
      aria-label={props.label}
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
        {props.children}
      </form>
    </dialog>
  )
}
