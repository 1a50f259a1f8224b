import { useId, useState } from 'react'

/**
 * A text field that saves when the editor leaves it or presses Enter (Shift+Enter is a new line in a
 * multi-line field), as one edit; Escape puts the saved value back. Until the edit is answered the
 * typed text stays, so the field never flashes the old value.
 */
export function CommitField(props: {
  label: string
  value: string
  /** Saves the trimmed text; resolves false when the edit was refused, leaving the text to correct. */
  onCommit: (text: string) => Promise<boolean>
  /** Why the text cannot be saved, shown under the field; null when it can. */
  validate?: (text: string) => string | null
  type?: 'text' | 'date' | 'url'
  multiline?: boolean
  className?: string
}): React.JSX.Element {
  const { label, value, onCommit, validate, type = 'text', multiline = false } = props
  const [draft, setDraft] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  // The problem is shown once the editor tried to save, not while they are still typing.
  const [tried, setTried] = useState(false)
  const errorId = useId()
  const problem = draft !== null && tried ? (validate?.(draft.trim()) ?? null) : null

  const restore = (): void => {
    setDraft(null)
    setTried(false)
  }
  const commit = (): void => {
    if (draft === null || saving) return
    const text = draft.trim()
    if (text === value) return restore()
    if (validate?.(text)) return setTried(true)
    setSaving(true)
    void onCommit(text).then((saved) => {
      setSaving(false)
      if (saved) restore()
    })
  }
  const common = {
    'aria-label': label,
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': problem ? errorId : undefined,
    className: props.className,
    value: draft ?? value,
    onBlur: commit,
  }
  const onKeyDown = (e: React.KeyboardEvent): void => {
    if (e.key === 'Enter' && !(multiline && e.shiftKey)) {
      e.preventDefault()
      commit()
    } else if (e.key === 'Escape') restore()
  }
  return (
    <span className="commit-field">
      {multiline ? (
        <textarea {...common} rows={4} onChange={(e) => setDraft(e.target.value)} onKeyDown={onKeyDown} />
      ) : (
        <input {...common} type={type} onChange={(e) => setDraft(e.target.value)} onKeyDown={onKeyDown} />
      )}
      {problem && (
        <span id={errorId} className="field-error" role="alert">
          {problem}
        </span>
      )}
    </span>
  )
}
