import { useEffect, useRef } from 'react'
import './publishProblemsDialog.css'

/**
 * Why the core refused to publish: its message's first line says what happened, each further line is
 * one problem, `<json path>: <what is wrong>`, as the CLI prints them.
 */
export function PublishProblemsDialog(props: { message: string; onClose: () => void }): React.JSX.Element {
  const [lead = '', ...problems] = props.message.split('\n')
  const dialog = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const element = dialog.current
    if (element && !element.open) element.showModal()
  }, [])
  return (
    <dialog ref={dialog} className="publish-problems" aria-label="Cannot publish yet" onClose={props.onClose}>
      <form method="dialog">
        <h2>Cannot publish yet</h2>
        <p>{lead}</p>
        {problems.length > 0 && (
          <ul aria-label="Problems">
            {problems.map((p, i) => (
              <li key={i}>
                <code>{p}</code>
              </li>
            ))}
          </ul>
        )}
        <footer>
          <button type="submit" className="primary">
            Close
          </button>
        </footer>
      </form>
    </dialog>
  )
}
