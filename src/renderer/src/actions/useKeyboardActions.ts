import { useEffect, useLayoutEffect, useRef } from 'react'
import { isTypingTarget } from '../isTypingTarget'
import type { Action } from './action'
import { matchesShortcut } from './action'

/** Runs the action whose shortcut a key press is; never while the editor is typing in a field. */
export function useKeyboardActions(actions: readonly Action[]): void {
  const latest = useRef(actions)
  useLayoutEffect(() => {
    latest.current = actions
  })
  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      if (event.defaultPrevented || isTypingTarget(event.target)) return
      // An open dialog has the keyboard (Escape closes it, digits pick in it); the editor waits.
      if (document.querySelector('dialog[open]')) return
      // A focused button or link takes Enter and Space itself.
      if ((event.key === 'Enter' || event.key === ' ') && event.target instanceof HTMLButtonElement) return
      for (const action of latest.current) {
        if (action.enabled === false) continue
        const shortcuts = [action.shortcut, ...(action.alsoShortcuts ?? [])].filter((s) => s !== undefined)
        if (!shortcuts.some((s) => matchesShortcut(s, event))) continue
        event.preventDefault()
        action.run(event)
        return
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
}

/** Runs an action by id (from the native menu or a toolbar button); false when it is unknown or off. */
export function runAction(actions: readonly Action[], id: string): boolean {
  const action = actions.find((a) => a.id === id)
  if (!action || action.enabled === false) return false
  action.run()
  return true
}
