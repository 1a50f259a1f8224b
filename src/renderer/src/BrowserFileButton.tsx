import { useRef } from 'react'

/**
 * The browser mode's file picker drawn as the app's own button, not the browser's "Choose File" box:
 * the file input stays in the page, unseen and out of the Tab order, named for assistive technology
 * and for tests, and the button opens it.
 */
export function BrowserFileButton(props: {
  /** What the button says (`Import transcript…`). */
  text: string
  /** The input's accessible name (`Import transcript`). */
  label: string
  accept: string
  disabled?: boolean
  /** For a command that opens the picker from elsewhere (a menu, a key). */
  inputId?: string
  onFile: (file: File) => void
}): React.JSX.Element {
  const input = useRef<HTMLInputElement>(null)
  return (
    <>
      <button type="button" disabled={props.disabled} onClick={() => input.current?.click()}>
        {props.text}
      </button>
      <input
        ref={input}
        id={props.inputId}
        type="file"
        className="visually-hidden"
        tabIndex={-1}
        aria-label={props.label}
        accept={props.accept}
        disabled={props.disabled}
        onChange={(e) => {
          const file = e.target.files?.[0]
          // Cleared so that choosing the same file again (once fixed, or to replace) is a change too.
          e.target.value = ''
          if (file) props.onFile(file)
        }}
      />
    </>
  )
}
