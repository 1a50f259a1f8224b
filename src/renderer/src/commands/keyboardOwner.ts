import { COMMANDS } from '../../../shared/commands'
import { isTypingTarget } from '../isTypingTarget'

/**
 * Whether a text field or an open dialog has the keyboard, so that no editor shortcut may take a key
 * (Escape closes the dialog, digits pick in it, letters type). One rule for the page's own keys and for
 * the native menu's accelerators.
 */
export function keyboardIsTaken(target: EventTarget | null): boolean {
  return document.querySelector('dialog[open]') !== null || isTypingTarget(target)
}

/** Whether the key of `command` is the page's now: a dialog always takes it, a field unless the command works in fields. */
export function keyboardIsTakenFrom(target: EventTarget | null, command: string): boolean {
  if (document.querySelector('dialog[open]') !== null) return true
  const declared = (COMMANDS as Record<string, { inFields?: true } | undefined>)[command]
  return isTypingTarget(target) && declared?.inFields !== true
}
