import { useRef, useState } from 'react'
import { fieldExit, fieldKeysInWords } from '../../fields/fieldCommit'

/** How the editor left the reasoning: by key (the focus goes back to the cell) or by moving away. */
export type ReasoningExit = 'key' | 'blur'

/**
 * A score's reasoning, written under the chapter's row, saved by the field rule
 * (src/renderer/src/fields/fieldCommit.ts): Ctrl+Enter, Escape, Tab or leaving it. A key gives the
 * focus back to the score's cell.
 */
export function ReasoningEditor(props: {
  label: string
  initial: string
  onSave: (text: string, how: ReasoningExit) => void
}): React.JSX.Element {
  const [draft, setDraft] = useState(props.initial)
  // Closing by key moves the focus, whose blur must not save a second time.
  const closed = useRef(false)
  const close = (how: ReasoningExit): void => {
    if (closed.current) return
    closed.current = true
    props.onSave(draft.trim(), how)
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
          onBlur={() => close('blur')}
          onKeyDown={(e) => {
            if (!fieldExit(e, true)) return
            e.preventDefault()
            e.stopPropagation()
            close('key')
          }}
        />
      </label>
      <span className="hint">{fieldKeysInWords(true)}</span>
    </div>
  )
}
