import { useRef, useState } from 'react'

/** How the editor left the reasoning: by key (the focus goes back to the cell) or by moving away. */
export type ReasoningExit = 'key' | 'blur'

/** A score's reasoning, written under the chapter's row: Ctrl+Enter or leaving saves, Escape cancels. */
export function ReasoningEditor(props: {
  label: string
  initial: string
  onSave: (text: string, how: ReasoningExit) => void
  onCancel: () => void
}): React.JSX.Element {
  const [draft, setDraft] = useState(props.initial)
  // Closing by key moves the focus, whose blur must not save a second time (or save a cancel).
  const closed = useRef(false)
  const close = (save: boolean, how: ReasoningExit): void => {
    if (closed.current) return
    closed.current = true
    if (save) props.onSave(draft.trim(), how)
    else props.onCancel()
  }
  return (
    <div className="reasoning-editor">
      <label>
        {props.label}
        <textarea
          autoFocus
          value={draft}
          rows={3}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={() => close(true, 'blur')}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) close(true, 'key')
            else if (e.key === 'Escape') close(false, 'key')
            else return
            e.preventDefault()
            e.stopPropagation()
          }}
        />
      </label>
      <span className="hint">Ctrl+Enter saves · Esc cancels</span>
    </div>
  )
}
