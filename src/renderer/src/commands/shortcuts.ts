import { COMMANDS, formatShortcut, parseChord, type CommandId } from '../../../shared/commands'

export const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform)

// The key a shifted symbol is typed with, whatever it then produces (Shift+[ gives `{` on a US layout).
const SYMBOL_CODES: Record<string, string> = { '[': 'BracketLeft', ']': 'BracketRight' }

/**
 * Whether a key press is the shortcut. Letters compare case-insensitively and need Shift only when
 * the shortcut says so; unshifted symbols (`?`, `[`, `+`) are matched as typed, whatever Shift it took;
 * a shifted symbol (`Shift+[`) by the key it is on.
 */
export function matchesShortcut(spec: string, event: KeyboardEvent): boolean {
  const chord = parseChord(spec)
  const mod = event.ctrlKey || event.metaKey
  if (chord.mod !== mod || chord.alt !== event.altKey) return false
  if (/^[a-z]$/i.test(chord.key))
    return event.key.toLowerCase() === chord.key.toLowerCase() && chord.shift === event.shiftKey
  if (chord.key.length === 1 && chord.key !== ' ') {
    // Shift on the symbol's own key is the shifted command (Shift+[), not this one.
    if (!chord.shift)
      return event.key === chord.key && !(event.shiftKey && event.code === SYMBOL_CODES[chord.key])
    return event.shiftKey && (event.key === chord.key || event.code === SYMBOL_CODES[chord.key])
  }
  if (chord.shift !== event.shiftKey && chord.key !== ' ') return false
  return event.key === chord.key
}

/** A command's shortcuts as this platform writes them. */
export const shortcutsOf = (id: CommandId): string[] =>
  ((COMMANDS[id] as { shortcuts?: readonly string[] }).shortcuts ?? []).map((s) => formatShortcut(s, isMac))

/** A command's first shortcut as this platform writes it, for hints and titles; '' when it has none. */
export const shortcutOf = (id: CommandId): string => shortcutsOf(id)[0] ?? ''

/** `Label (Ctrl+Z)`: a toolbar button's title. */
export const titleWithShortcut = (label: string, id: CommandId): string => {
  const key = shortcutOf(id)
  return key ? `${label} (${key})` : label
}
