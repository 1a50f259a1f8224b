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
  /** Several files may be chosen at once: given them all when more than one is. */
  onFiles?: (files: File[]) => void
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
        multiple={props.onFiles !== undefined}
        onChange={(e) => {
          const files = Array.from(e.target.files ?? [])
          // Cleared so that choosing the same file again (once fixed, or to replace) is a change too.
          e.target.value = ''
          const [file] = files
          if (files.length > 1 && props.onFiles) props.onFiles(files)
          else if (file) props.onFile(file)
        }}
      />
    </>
  )
}
