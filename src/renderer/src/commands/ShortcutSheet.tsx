import { COMMANDS, type CommandDeclaration, type CommandId } from '../../../shared/commands'
import { PLACE_KEYS } from './placeKeys'
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
  // A command without a key is reached from the menus and the toolbar: named once at the end.
  const keyless = props.commands.filter((id) => shortcutsOf(id).length === 0)
  for (const id of props.commands) {
    if (shortcutsOf(id).length === 0) continue
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
        {PLACE_KEYS.map(({ place, keys }) => (
          <section key={place}>
            <h3>{place}</h3>
            <dl>
              {keys.map((k) => (
                <div key={k.does} className="shortcut">
                  <dt>
                    {k.keys.map((key) => (
                      <kbd key={key}>{key}</kbd>
                    ))}
                  </dt>
                  <dd>{k.does}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
      {keyless.length > 0 && (
        <p className="hint keyless">
          From the menus and the toolbar, without a key:{' '}
          {keyless.map((id) => props.labelOf?.(id) ?? COMMANDS[id].label).join(' · ')}
        </p>
      )}
      <form method="dialog">
        <button type="submit" autoFocus>
          Close
        </button>
      </form>
    </dialog>
  )
}
