import { useEffect, useRef } from 'react'
import type { Problem } from '../../../shared/problems'
import './publishProblemsDialog.css'

/**
 * Why publishing was refused: the Problems panel's sentences for what blocks it, numbered from 1, each
 * a button that goes to its item. When the core's reasons are not in the view (a race with another
 * window), its own lines are listed instead.
 */
export function PublishProblemsDialog(props: {
  problems: readonly Problem[]
  /** The core's refusal, used when the view shows no blocking problem. */
  refusal: string
  onGo: (problem: Problem) => void
  onClose: () => void
}): React.JSX.Element {
  const { problems, onGo } = props
  const [coreLead = '', ...coreLines] = props.refusal.split('\n')
  const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`
  const dialog = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const element = dialog.current
    if (element && !element.open) element.showModal()
  }, [])
  return (
    <dialog ref={dialog} className="publish-problems" aria-label="Cannot publish yet" onClose={props.onClose}>
      <form method="dialog">
        <h2>Cannot publish yet</h2>
        <p>{problems.length > 0 ? `Not ready to publish (${count}):` : coreLead}</p>
        <ol aria-label="Problems">
          {problems.length > 0
            ? problems.map((p) => (
                <li key={p.key}>
                  <button
                    type="button"
                    className="link"
                    onClick={() => {
                      dialog.current?.close()
                      onGo(p)
                    }}
                  >
                    {p.message}
                  </button>
                </li>
              ))
            : coreLines.map((line, i) => <li key={i}>{line}</li>)}
        </ol>
        <footer>
          <button type="submit" className="primary">
            Close
          </button>
        </footer>
      </form>
    </dialog>
  )
}
