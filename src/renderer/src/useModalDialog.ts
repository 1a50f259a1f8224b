import { useEffect, useRef } from 'react'

/** A `<dialog>` shown modal once it is on screen: it has the keyboard until it closes. */
export function useModalDialog(): React.RefObject<HTMLDialogElement | null> {
  const dialog = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const element = dialog.current
    if (element && !element.open) element.showModal()
  }, [])
  return dialog
}
