import { useId, useState } from 'react'

/**
 * A text field that saves when the editor leaves it or presses Enter (Shift+Enter is a new line in a
 * multi-line field), as one edit; Escape puts the saved value back. Until the edit is answered the
 * typed text stays, so the field never flashes the old value; a refused edit puts the saved value back
 * (the screen says why). A field with a limit counts down once it is near.
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
  /** One line of text that wraps to show all of itself: Enter saves, a pasted line break is a space. */
  wrap?: boolean
  className?: string
  /** The most characters the core takes; the field says so before it is reached. */
  maxLength?: number
  /** Enter saves and then hands the keyboard back (to the waveform's keys). */
  onDone?: () => void
}): React.JSX.Element {
  const { label, value, onCommit, validate, type = 'text', multiline = false, maxLength } = props
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
    void onCommit(text).then(() => {
      setSaving(false)
      restore()
    })
  }
  const common = {
    'aria-label': label,
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': problem ? errorId : undefined,
    className: props.className,
    title: maxLength === undefined ? undefined : `At most ${maxLength.toLocaleString('en')} characters`,
    value: draft ?? value,
    onBlur: commit,
  }
  const onKeyDown = (e: React.KeyboardEvent): void => {
    if (e.key === 'Enter' && !(multiline && e.shiftKey)) {
      e.preventDefault()
      // Leaving the field saves it (onBlur), once.
      if (props.onDone) {
        ;(e.target as HTMLElement).blur()
        props.onDone()
      } else commit()
    } else if (e.key === 'Escape') {
      // Escape puts the saved text back; with nothing typed, it hands the keyboard back.
      if (draft === null && props.onDone) {
        ;(e.target as HTMLElement).blur()
        props.onDone()
      } else restore()
    }
  }
  const length = (draft ?? value).length
  // Said once the text is within a tenth of the limit, and plainly once past it.
  const near = maxLength !== undefined && length >= maxLength * 0.9
  return (
    <span className="commit-field">
      {multiline ? (
        <textarea {...common} rows={4} onChange={(e) => setDraft(e.target.value)} onKeyDown={onKeyDown} />
      ) : props.wrap ? (
        <textarea
          {...common}
          className={['wrap', props.className].filter(Boolean).join(' ')}
          rows={1}
          onChange={(e) => setDraft(e.target.value.replace(/\s*\n\s*/g, ' '))}
          onKeyDown={onKeyDown}
        />
      ) : (
        <input {...common} type={type} onChange={(e) => setDraft(e.target.value)} onKeyDown={onKeyDown} />
      )}
      {near && (
        <span className={length > maxLength ? 'field-error' : 'field-limit'} aria-live="polite">
          {length.toLocaleString('en')} of at most {maxLength.toLocaleString('en')} characters
        </span>
      )}
      {problem && (
        <span id={errorId} className="field-error" role="alert">
          {problem}
        </span>
      )}
    </span>
  )
}
