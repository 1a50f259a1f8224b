import { useEffect, useLayoutEffect, useRef } from 'react'
import { keyboardIsTaken, keyboardIsTakenFrom } from './commands/keyboardOwner'
import { isTypingTarget } from './isTypingTarget'
import { platform } from './platform'

/**
 * Whether a menu command chosen by its shortcut belongs to the page rather than to the editor: the same
 * rule the page's own keys follow (a text field or an open dialog has the keyboard). In a text field the
 * shortcuts for undo and redo are the field's own, as the platform's editors do.
 */
export function keyBelongsToPage(command: string): boolean {
  const focused = document.activeElement
  if (!keyboardIsTaken(focused) || !keyboardIsTakenFrom(focused, command)) return false
  if (isTypingTarget(focused) && (command === 'edit.undo' || command === 'edit.redo'))
    document.execCommand(command === 'edit.undo' ? 'undo' : 'redo')
  return true
}

const handlers = new Set<(command: string) => void>()
let unsubscribe: (() => void) | null = null

/** One subscription for every screen, so that a shortcut is judged (and a field's undo done) once. */
function subscribe(handler: (command: string) => void): () => void {
  handlers.add(handler)
  unsubscribe ??= platform.onMenuCommand((command, byKey) => {
    if (byKey && keyBelongsToPage(command)) return
    for (const each of [...handlers]) each(command)
  })
  return () => {
    handlers.delete(handler)
    if (handlers.size > 0) return
    unsubscribe?.()
    unsubscribe = null
  }
}

/**
 * Runs `handler` for each native-menu command; the latest handler is always the one called. A command
 * chosen by its shortcut while a field or dialog has the keyboard is left to them.
 */
export function useMenuCommand(handler: (command: string) => void): void {
  const latest = useRef(handler)
  useLayoutEffect(() => {
    latest.current = handler
  })
  useEffect(() => subscribe((command) => latest.current(command)), [])
}
