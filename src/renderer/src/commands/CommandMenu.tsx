import { useCallback, useEffect, useRef, useState } from 'react'
import { COMMANDS, type CommandId } from '../../../shared/commands'
import { shortcutOf } from './shortcuts'
import { createScope } from '../scope'

/**
 * A context menu of declared commands: each item its label and shortcut from the declarations, off when
 * its enabled rule says so, and run by id like a key or the native menu. Escape or a click elsewhere
 * closes it.
 */
export function CommandMenu(props: {
  commands: readonly CommandId[]
  at: { x: number; y: number }
  enabled: (id: CommandId) => boolean
  labelOf?: (id: CommandId) => string | undefined
  run: (id: CommandId) => void
  onClose: () => void
}): React.JSX.Element {
  const { onClose } = props
  const menu = useRef<HTMLUListElement>(null)
  useEffect(() => {
    menu.current?.querySelector<HTMLButtonElement>('button:not(:disabled)')?.focus()
    const away = (event: Event): void => {
      if (!(event.target instanceof Node) || !menu.current?.contains(event.target)) onClose()
    }
    const escape = (event: KeyboardEvent): void => {
      if (event.key !== 'Escape') return
      event.preventDefault()
      onClose()
    }
    const scope = createScope()
    scope.listen(window, 'pointerdown', away, true)
    scope.listen(window, 'keydown', escape, true)
    return scope.dispose
  }, [onClose])
  return (
    <ul
      ref={menu}
      role="menu"
      aria-label="Commands"
      className="command-menu"
      style={{ left: props.at.x, top: props.at.y }}
    >
      {props.commands.map((id) => (
        <li key={id} role="none">
          <button
            type="button"
            role="menuitem"
            disabled={!props.enabled(id)}
            onClick={() => {
              onClose()
              props.run(id)
            }}
          >
            <span>{props.labelOf?.(id) ?? COMMANDS[id].label}</span>
            <kbd>{shortcutOf(id)}</kbd>
          </button>
        </li>
      ))}
    </ul>
  )
}

/** Its children, with a context menu of these commands on a right click (or the Menu key). */
export function WithCommandMenu(props: {
  commands: readonly CommandId[]
  enabled: (id: CommandId) => boolean
  labelOf?: (id: CommandId) => string | undefined
  run: (id: CommandId) => void
  children: React.ReactNode
}): React.JSX.Element {
  const [at, setAt] = useState<{ x: number; y: number } | null>(null)
  const close = useCallback(() => setAt(null), [])
  return (
    <div
      onContextMenu={(e) => {
        e.preventDefault()
        setAt({ x: e.clientX, y: e.clientY })
      }}
    >
      {props.children}
      {at && (
        <CommandMenu
          commands={props.commands}
          at={at}
          enabled={props.enabled}
          labelOf={props.labelOf}
          run={props.run}
          onClose={close}
        />
      )}
    </div>
  )
}
