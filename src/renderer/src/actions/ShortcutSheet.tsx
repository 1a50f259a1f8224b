import { useEffect, useRef } from 'react'
import type { Action } from './action'
import { formatShortcut } from './action'

/** Every action with its shortcut, grouped: opened with `?`. */
export function ShortcutSheet(props: { actions: readonly Action[]; onClose: () => void }): React.JSX.Element {
  const dialog = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const element = dialog.current
    if (element && !element.open) element.showModal()
  }, [])
  const groups = new Map<string, Action[]>()
  for (const action of props.actions) {
    const list = groups.get(action.group)
    if (list) list.push(action)
    else groups.set(action.group, [action])
  }
  return (
    <dialog ref={dialog} className="shortcut-sheet" aria-label="Keyboard shortcuts" onClose={props.onClose}>
      <h2>Keyboard shortcuts</h2>
      <div className="shortcut-groups">
        {[...groups].map(([group, actions]) => (
          <section key={group}>
            <h3>{group}</h3>
            <dl>
              {actions.map((a) => (
                <div key={a.id} className="shortcut" data-action={a.id}>
                  <dt>
                    {[a.shortcut, ...(a.alsoShortcuts ?? [])]
                      .filter((s) => s !== undefined)
                      .map((s) => (
                        <kbd key={s}>{formatShortcut(s)}</kbd>
                      ))}
                  </dt>
                  <dd>{a.label}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
      <form method="dialog">
        <button type="submit" autoFocus>
          Close
        </button>
      </form>
    </dialog>
  )
}
