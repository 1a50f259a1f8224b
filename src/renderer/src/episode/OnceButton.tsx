import { useState } from 'react'

/**
 * A button that changes structure (merge, delete, split): one press is one edit. The second click of a
 * double-click is not a second intent, and until the edit is answered (the row has settled) the button
 * is off, so a merge never runs twice from one gesture.
 */
export function OnceButton(
  props: Omit<React.ButtonHTMLAttributes<HTMLButtonElement>, 'onClick' | 'type'> & {
    onAct: () => Promise<unknown> | void
  },
): React.JSX.Element {
  const { onAct, disabled, ...rest } = props
  const [busy, setBusy] = useState(false)
  return (
    <button
      {...rest}
      type="button"
      disabled={disabled === true || busy}
      aria-busy={busy || undefined}
      onClick={(e) => {
        if (e.detail > 1 || busy) return
        setBusy(true)
        void Promise.resolve(onAct()).finally(() => setBusy(false))
      }}
    />
  )
}
