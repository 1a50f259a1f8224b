import { isTypingTarget } from '../isTypingTarget'

/**
 * Whether a text field or an open dialog has the keyboard, so that no editor shortcut may take a key
 * (Escape closes the dialog, digits pick in it, letters type). One rule for the page's own keys and for
 * the native menu's accelerators.
 */
export function keyboardIsTaken(target: EventTarget | null): boolean {
  return document.querySelector('dialog[open]') !== null || isTypingTarget(target)
}
