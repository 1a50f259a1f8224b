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
  /** Under the field: the score's citations. */
  children?: React.ReactNode
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
    <div
      className="reasoning-editor"
      onBlur={(e) => {
        // The citations' chips under the field are part of it: the editor closes (and saves) only when
        // the focus leaves both.
        const to = e.relatedTarget
        if (to instanceof Node && e.currentTarget.contains(to)) return
        close('blur')
      }}
    >
      <label>
        {props.label}
        <textarea
          autoFocus
          value={draft}
          rows={3}
          onChange={(e) => setDraft(e.target.value)}

          onKeyDown={(e) => {
            if (!fieldExit(e, true)) return
            e.preventDefault()
            e.stopPropagation()
            close('key')
          }}
        />
      </label>
      <span className="hint">{fieldKeysInWords(true)}</span>
      {props.children}
    </div>
  )
}
