import { useState } from 'react'
import { TEXT_LIMITS } from '../../../../shared/textLimits'
import { useModalDialog } from '../../useModalDialog'
import { overLimit, TextLimit } from '../../fields/TextLimit'

/** Asked once, before the first review decision: the name written to `review.reviewer`. */
export function ReviewerDialog(props: {
  onAnswer: (name: string) => void
  onClose: () => void
}): React.JSX.Element {
  const dialog = useModalDialog()
  const [name, setName] = useState('')
  return (
    <dialog ref={dialog} aria-label="Who is reviewing" onClose={props.onClose}>
      <form
        method="dialog"
        onSubmit={(e) => {
          // A name over the limit is said under the field as it is typed; it is not cut silently.
          if (name.trim() === '' || overLimit(name, TEXT_LIMITS.name)) return e.preventDefault()
          props.onAnswer(name.trim())
        }}
      >
        <h2>Who is reviewing?</h2>
        <p>Your name goes into each episode you review (its review’s reviewer). You are asked once.</p>
        <label>
          Your name{' '}
          <input
            autoFocus
            aria-label="Reviewer name"
            value={name}
            aria-invalid={overLimit(name, TEXT_LIMITS.name) || undefined}
            onChange={(e) => setName(e.target.value)}
          />
        </label>
        <TextLimit text={name} limit={TEXT_LIMITS.name} />
        <footer>
          <button type="submit" className="primary">
            Continue
          </button>
        </footer>
      </form>
    </dialog>
  )
}
