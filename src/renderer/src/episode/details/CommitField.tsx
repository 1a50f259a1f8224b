import { useId, useState } from 'react'
import { useFieldCommit } from '../../fields/fieldCommit'
import { TextLimit } from '../../fields/TextLimit'

/**
 * A text field that follows the field rule (src/renderer/src/fields/fieldCommit.ts): Enter (Ctrl+Enter
 * in a multi-line field), Escape, Tab and leaving it save the text as one edit. Until the edit is
 * answered the typed text stays, so the field never flashes the old value; a refused edit puts the saved
 * value back (the screen says why). Text that cannot be saved is said under the field on Enter and put
 * back on Escape. A field with a limit counts down once it is near.
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
  /** Where Enter and Escape hand the keyboard back to (the waveform's keys), once the text is saved. */
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
  const keys = useFieldCommit({
    // A wrapping one-line field (a pasted line break is a space) saves on Enter like any one-line field.
    multiline,
    commit,
    problem: () => (draft === null ? null : (validate?.(draft.trim()) ?? null)),
    restore,
    onDone: props.onDone,
  })
  const common = {
    'aria-label': label,
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': problem ? errorId : undefined,
    className: props.className,
    title: maxLength === undefined ? undefined : `At most ${maxLength.toLocaleString('en')} characters`,
    value: draft ?? value,
    onBlur: keys.onBlur,
    onKeyDown: keys.onKeyDown,
  }
  return (
    <span className="commit-field">
      {multiline ? (
        <textarea {...common} rows={4} onChange={(e) => setDraft(e.target.value)} />
      ) : props.wrap ? (
        <textarea
          {...common}
          className={['wrap', props.className].filter(Boolean).join(' ')}
          rows={1}
          onChange={(e) => setDraft(e.target.value.replace(/\s*\n\s*/g, ' '))}
        />
      ) : (
        <input {...common} type={type} onChange={(e) => setDraft(e.target.value)} />
      )}
      {maxLength !== undefined && <TextLimit text={draft ?? value} limit={maxLength} />}
      {problem && (
        <span id={errorId} className="field-error" role="alert">
          {problem}
        </span>
      )}
    </span>
  )
}
