import type { Problem } from '../../../shared/problems'
import './publishProblemsDialog.css'
import { useModalDialog } from '../useModalDialog'

/**
 * Why publishing was refused: the Problems panel's sentences for what blocks it, numbered from 1, each
 * a button that goes to its item. When the core's reasons are not in the view (a race with another
 * window), its own lines are listed instead.
 */
export function PublishProblemsDialog(props: {
  /** The core's refusal (its lines, used when the view shows no blocking problem) and the view's problems. */
  refusal: { message: string; problems: readonly Problem[] }
  onGo: (problem: Problem) => void
  onClose: () => void
}): React.JSX.Element {
  const { refusal, onGo } = props
  const { problems } = refusal
  const [coreLead = '', ...coreLines] = refusal.message.split('\n')
  const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`
  const dialog = useModalDialog()
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
