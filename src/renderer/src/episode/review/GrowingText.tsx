import { fieldExit } from '../../fields/fieldCommit'

/**
 * A text field that grows with its text (CSS `field-sizing`: no measuring in script), saved by the field
 * rule (src/renderer/src/fields/fieldCommit.ts): Ctrl+Enter, Escape, Tab or leaving it. Keyed by the saved
 * text, it shows the new one after an edit or an undo.
 */
export function GrowingText(props: {
  label: string
  saved: string
  placeholder?: string
  onSave: (text: string) => void
  /** After Ctrl+Enter or Escape: where the keyboard goes back to (the score's cell), not the page. */
  onDone?: () => void
}): React.JSX.Element {
  return (
    <textarea
      key={props.saved}
      className="growing-text"
      aria-label={props.label}
      defaultValue={props.saved}
      placeholder={props.placeholder}
      rows={1}
      onBlur={(e) => {
        const text = e.currentTarget.value.trim()
        if (text !== props.saved) props.onSave(text)
      }}
      onKeyDown={(e) => {
        if (!fieldExit(e, true)) return
        e.preventDefault()
        e.stopPropagation()
        // Leaving saves (onBlur).
        e.currentTarget.blur()
        props.onDone?.()
      }}
    />
  )
}

/**
 * Opens a reasoning from its score's cell (Enter) ready to type: text that is still the machine's is
 * selected, so typing replaces it; the reviewer's own text keeps it, the caret at its end. A focus
 * alone puts the caret at the start, where typing would run in front of the text.
 */
export function openForTyping(field: HTMLTextAreaElement | null, machines: boolean): void {
  if (!field) return
  field.focus()
  if (machines) field.select()
  else field.setSelectionRange(field.value.length, field.value.length)
}
