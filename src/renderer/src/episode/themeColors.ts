import { useSyncExternalStore } from 'react'
import { createScope, pageScope } from '../scope'

/**
 * The canvas painters' colours, read from the design tokens (tokens.css) for the theme in force, so that
 * the waveform, its bands, the ruler and the overview follow the OS's light or dark setting like the rest
 * of the page. Read once per theme, not per frame.
 */
export interface ThemeColors {
  wave: string
  played: string
  ruler: string
  playhead: string
  chapters: readonly [string, string]
  chapterEdge: string
  chapterGrip: string
  chapterGripActive: string
  statement: string
  statementSelected: string
  statementEdge: string
  snapTarget: string
  selectionTint: string
  loopTint: string
  loopBar: string
  pending: string
  highlight: string
  highlightSelected: string
  overviewWave: string
  overviewWindow: string
  overviewWindowEdge: string
}

const darkQuery = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null
let cached: { dark: boolean; colors: ThemeColors } | null = null

export type ColorScheme = 'light' | 'dark'

// Read once and then told of changes: a painting asks for its colours once a span, and `matches` is
// looked up anew by the browser each time (70 ms over the bench's 300 edits).
let dark = darkQuery?.matches ?? false
// Added before any subscriber below, so they read the new scheme when told of it.
if (darkQuery)
  pageScope.listen(darkQuery, 'change', (event) => {
    dark = event.matches
  })
const currentScheme = (): ColorScheme => (dark ? 'dark' : 'light')

export function themeColors(): ThemeColors {
  if (cached && cached.dark === dark) return cached.colors
  const style = getComputedStyle(document.documentElement)
  const token = (name: string): string => style.getPropertyValue(`--${name}`).trim()
  const colors: ThemeColors = {
    wave: token('wave'),
    played: token('wave-played'),
    ruler: token('wave-ruler'),
    playhead: token('playhead'),
    chapters: [token('chapter-band-a'), token('chapter-band-b')],
    chapterEdge: token('chapter-edge'),
    chapterGrip: token('chapter-grip'),
    chapterGripActive: token('chapter-grip-active'),
    statement: token('statement-band'),
    statementSelected: token('statement-band-selected'),
    statementEdge: token('statement-edge'),
    snapTarget: token('snap-target'),
    selectionTint: token('selection-tint'),
    loopTint: token('loop-tint'),
    loopBar: token('loop-bar'),
    pending: token('playhead'),
    highlight: token('highlight-flag'),
    highlightSelected: token('highlight-flag-selected'),
    overviewWave: token('overview-wave'),
    overviewWindow: token('overview-window'),
    overviewWindowEdge: token('wave-played'),
  }
  cached = { dark, colors }
  return colors
}

const subscribe = (onChange: () => void): (() => void) => {
  const scope = createScope()
  if (darkQuery) scope.listen(darkQuery, 'change', onChange)
  return scope.dispose
}

/** The OS's colour scheme, for canvases to paint again when it changes. */
export function useColorScheme(): ColorScheme {
  return useSyncExternalStore(subscribe, currentScheme)
}
