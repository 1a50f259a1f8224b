import { useState } from 'react'
import { useFieldCommit } from '../../fields/fieldCommit'

/**
 * A text edited in place, by the field rule (src/renderer/src/fields/fieldCommit.ts): Enter (Ctrl+Enter
 * where Enter makes a new line), Escape, Tab and leaving the field save it as one edit. A new value from
 * the core (an undo) replaces the draft.
 */
export function InlineText(props: {
  value: string
  label: string
  onCommit: (text: string) => void
  multiline?: boolean
  /** One line that may wrap in a narrow column: Enter still saves. */
  wrap?: boolean
  placeholder?: string
  className?: string
}): React.JSX.Element {
  const { value, onCommit } = props
  const [draft, setDraft] = useState(value)
  const [shown, setShown] = useState(value)
  // What was last sent, so that Enter and the blur after it do not save the same text twice.
  const [sent, setSent] = useState<string | null>(null)
  if (shown !== value) {
    setShown(value)
    setDraft(value)
    setSent(null)
  }
  const commit = (): void => {
    const next = draft.trim()
    if (next === value || next === sent) return
    setSent(next)
    onCommit(next)
  }
  const keys = useFieldCommit({ multiline: props.multiline ?? false, commit, restore: () => setDraft(value) })
  const common = {
    className: ['inline-text', props.className].filter(Boolean).join(' '),
    'aria-label': props.label,
    placeholder: props.placeholder,
    value: draft,
    onBlur: keys.onBlur,
    onKeyDown: keys.onKeyDown,
  }
  if (props.multiline || props.wrap)
    return (
      <textarea
        {...common}
        rows={1}
        onChange={(e) =>
          setDraft(props.multiline ? e.target.value : e.target.value.replace(/\s*\n\s*/g, ' '))
        }
      />
    )
  return <input {...common} onChange={(e) => setDraft(e.target.value)} />
}
