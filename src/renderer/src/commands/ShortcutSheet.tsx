import { COMMANDS, type CommandDeclaration, type CommandId } from '../../../shared/commands'
import { shortcutsOf } from './shortcuts'
import { useModalDialog } from '../useModalDialog'

/** Every command the screen has, with its shortcuts as this platform writes them, grouped: opened with `?`. */
export function ShortcutSheet(props: {
  commands: readonly CommandId[]
  /** The label as it reads now, where it differs from the declared one. */
  labelOf?: (id: CommandId) => string | undefined
  onClose: () => void
}): React.JSX.Element {
  const dialog = useModalDialog()
  const groups = new Map<string, CommandId[]>()
  for (const id of props.commands) {
    const { group } = COMMANDS[id] as CommandDeclaration
    const list = groups.get(group)
    if (list) list.push(id)
    else groups.set(group, [id])
  }
  return (
    <dialog ref={dialog} className="shortcut-sheet" aria-label="Keyboard shortcuts" onClose={props.onClose}>
      <h2>Keyboard shortcuts</h2>
      <div className="shortcut-groups">
        {[...groups].map(([group, ids]) => (
          <section key={group}>
            <h3>{group}</h3>
            <dl>
              {ids.map((id) => (
                <div key={id} className="shortcut" data-action={id}>
                  <dt>
                    {shortcutsOf(id).map((s) => (
                      <kbd key={s}>{s}</kbd>
                    ))}
                  </dt>
                  <dd>{props.labelOf?.(id) ?? COMMANDS[id].label}</dd>
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
