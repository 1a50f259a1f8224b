import { useState } from 'react'
import { TEXT_LIMITS } from '../../../../shared/textLimits'
import { useModalDialog } from '../../useModalDialog'

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
          if (name.trim() === '') return e.preventDefault()
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
            maxLength={TEXT_LIMITS.name}
            onChange={(e) => setName(e.target.value)}
          />
        </label>
        <footer>
          <button type="submit" className="primary">
            Continue
          </button>
        </footer>
      </form>
    </dialog>
  )
}
