/**
 * Every editor command is an action: a name, a label, an optional shortcut and what it does. Keys,
 * the toolbar, the native menu and the shortcut sheet all go through the same list.
 */
export interface Action {
  id: string
  label: string
  group: string
  /** `Mod` is Ctrl (Cmd on macOS); e.g. `Space`, `Mod+Z`, `Shift+Mod+Z`, `[`, `C`, `?`, `ArrowLeft`. */
  shortcut?: string
  /** More shortcuts that do the same (e.g. `=` beside `+`); listed after the first. */
  alsoShortcuts?: readonly string[]
  enabled?: boolean
  run: (event?: KeyboardEvent) => void
}

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform)

interface Chord {
  key: string
  mod: boolean
  shift: boolean
  alt: boolean
}

function parseChord(spec: string): Chord {
  const parts = spec.length === 1 ? [spec] : spec.split('+')
  const key = parts[parts.length - 1] ?? ''
  return {
    key: key === 'Space' ? ' ' : key === 'Plus' ? '+' : key,
    mod: parts.includes('Mod'),
    shift: parts.includes('Shift'),
    alt: parts.includes('Alt'),
  }
}

/**
 * Whether a key press is the shortcut. Letters compare case-insensitively and need Shift only when
 * the shortcut says so; symbols (`?`, `[`, `+`) are matched as typed, whatever Shift it took.
 */
export function matchesShortcut(spec: string, event: KeyboardEvent): boolean {
  const chord = parseChord(spec)
  const mod = event.ctrlKey || event.metaKey
  if (chord.mod !== mod || chord.alt !== event.altKey) return false
  const isLetter = /^[a-z]$/i.test(chord.key)
  if (isLetter) return event.key.toLowerCase() === chord.key.toLowerCase() && chord.shift === event.shiftKey
  if (chord.key.length > 1 && chord.shift !== event.shiftKey && chord.key !== ' ') return false
  return event.key === chord.key
}

/** A shortcut as the platform writes it: `Ctrl+Z` on Linux and Windows, `⌘Z` on macOS. */
export function formatShortcut(spec: string): string {
  const chord = parseChord(spec)
  const names: Record<string, string> = {
    ' ': 'Space',
    ArrowLeft: '←',
    ArrowRight: '→',
    ArrowUp: '↑',
    ArrowDown: '↓',
    Delete: 'Del',
  }
  const key = names[chord.key] ?? (chord.key.length === 1 ? chord.key.toUpperCase() : chord.key)
  const parts = [
    chord.shift && 'Shift',
    chord.alt && (isMac ? '⌥' : 'Alt'),
    chord.mod && (isMac ? '⌘' : 'Ctrl'),
  ]
  return [...parts.filter(Boolean), key].join(isMac ? '' : '+')
}
