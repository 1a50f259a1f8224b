/**
 * A text field that grows with its text (CSS `field-sizing`: no measuring in script), saved when the editor leaves it (or Ctrl+Enter); Escape
 * puts back what was saved. Keyed by the saved text, it shows the new one after an edit or an undo.
 */
export function GrowingText(props: {
  label: string
  saved: string
  placeholder?: string
  onSave: (text: string) => void
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
        if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) e.currentTarget.blur()
        else if (e.key === 'Escape') {
          e.currentTarget.value = props.saved
          e.currentTarget.blur()
        } else return
        e.preventDefault()
        e.stopPropagation()
      }}
    />
  )
}
