import type { RefObject } from 'react'
import { ModalForm } from '../../ModalForm'

/**
 * The frame the export dialogs share: a modal form whose title, error line and Cancel / Export buttons
 * sit where they sit in each; what the export asks goes between. Submitting runs `onSubmit`, never the
 * browser's own validation: the core says what is wrong with an address, in the dialog.
 */
export function ExportDialogFrame({
  dialogRef,
  title,
  error,
  submit,
  children,
  ...form
}: {
  dialogRef: RefObject<HTMLDialogElement | null>
  className: string
  title: string
  error: string | null
  /** The Export button's text and whether it can be pressed now. */
  submit: { label: string; disabled: boolean }
  onSubmit: () => void
  onClose: () => void
  children: React.ReactNode
}): React.JSX.Element {
  return (
    <ModalForm dialogRef={dialogRef} title={title} noValidate {...form}>
      {children}
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <footer>
        <button type="button" onClick={() => dialogRef.current?.close()}>
          Cancel
        </button>
        <button type="submit" className="primary" disabled={submit.disabled}>
          {submit.label}
        </button>
      </footer>
    </ModalForm>
  )
}
