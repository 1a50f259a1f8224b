import { useEffect, useLayoutEffect, useRef } from 'react'
import { COMMANDS, type CommandId } from '../../../shared/commands'
import { keyboardIsTaken, keyboardIsTakenFrom } from './keyboardOwner'
import { matchesShortcut } from './shortcuts'
import { createScope } from '../scope'

/**
 * What a screen does for a declared command: the enabled rule and the performing, both given the
 * screen's context at the moment the command runs (never a closure over an older render).
 */
export interface CommandHandler<C, V = C> {
  /** False when the command cannot run now; the keys, menu and buttons then leave it alone. */
  enabled?: (context: C) => boolean
  /** The label as it reads now (`Undo Split chapter`); the declared label otherwise. */
  label?: (view: V) => string
  perform: (context: C) => void
}

/** A screen's handlers, keyed by the declared command ids (Actual's typed handler map). */
export type CommandHandlers<C, V = C> = Partial<Record<CommandId, CommandHandler<C, V>>>

export const isEnabled = <C, V>(handler: CommandHandler<C, V> | undefined, context: C): boolean =>
  handler !== undefined && (handler.enabled?.(context) ?? true)

/** Runs a command by id (native menu, toolbar, context menu); false when the screen has none or it is off. */
export function runCommand<C, V>(handlers: CommandHandlers<C, V>, id: string, context: C): boolean {
  const handler = (handlers as Record<string, CommandHandler<C, V> | undefined>)[id]
  if (!isEnabled(handler, context)) return false
  handler?.perform(context)
  return true
}

/** The command a key press is the shortcut of, among those the screen handles. */
export function commandForKey<C, V>(handlers: CommandHandlers<C, V>, event: KeyboardEvent): CommandId | null {
  for (const id of Object.keys(handlers) as CommandId[]) {
    const shortcuts = (COMMANDS[id] as { shortcuts?: readonly string[] }).shortcuts ?? []
    if (shortcuts.some((s) => matchesShortcut(s, event))) return id
  }
  return null
}

/** Runs the command whose shortcut a key press is; never while the editor types in a field. */
export function useCommandKeys<C, V>(handlers: CommandHandlers<C, V>, context: C | null): void {
  const latest = useRef(context)
  useLayoutEffect(() => {
    latest.current = context
  })
  useEffect(() => {
    // The button a pointer last pressed, until the keyboard moves the focus.
    let clicked: Element | null = null
    const onPointer = (event: PointerEvent): void => {
      clicked = event.target instanceof Element ? event.target.closest('button') : null
    }
    const onKey = (event: KeyboardEvent): void => {
      if (event.key === 'Tab') clicked = null
      if (event.defaultPrevented) return
      // A field or a dialog keeps its keys, but for the commands declared to work in fields.
      if (keyboardIsTaken(event.target)) {
        const own = commandForKey(handlers, event)
        if (own === null || keyboardIsTakenFrom(event.target, own)) return
      }
      // A button reached from the keyboard takes Enter and Space itself. One just clicked keeps the
      // focus, but Space there is play/pause as everywhere else, not a second press of that button.
      if (
        (event.key === 'Enter' || event.key === ' ') &&
        event.target instanceof HTMLButtonElement &&
        (event.key === 'Enter' || event.target !== clicked)
      )
        return
      const id = commandForKey(handlers, event)
      const now = latest.current
      if (id === null || now === null || !isEnabled(handlers[id], now)) return
      event.preventDefault()
      handlers[id]?.perform(now)
    }
    const scope = createScope()
    scope.listen(window, 'pointerdown', onPointer, true)
    scope.listen(window, 'keydown', onKey)
    return scope.dispose
  }, [handlers])
}
