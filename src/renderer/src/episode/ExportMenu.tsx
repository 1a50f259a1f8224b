import { useEffect, useRef, useState } from 'react'
import type { CommandId } from '../../../shared/commands'
import type { ExportChoice } from './exportFile'
import { createScope } from '../scope'

interface Choice {
  /** A file the menu exports at once, or the command whose dialog asks first. */
  value:
    Exclude<ExportChoice, 'publish'> | Extract<CommandId, 'file.export.site' | 'file.export.podcast-item'>
  label: string
}

const ANALYSIS_CHOICES: readonly Choice[] = [
  { value: 'episode', label: 'Episode JSON (for publishing)' },
  { value: 'file.export.site', label: 'Web page folder with player (for publishing)…' },
  { value: 'file.export.podcast-item', label: 'Feed tags for the episode’s <item>…' },
  { value: 'html', label: 'Web page (HTML, self-contained)' },
  { value: 'chapters', label: 'Chapters for podcast apps (Podcasting 2.0 JSON)' },
  { value: 'youtube', label: 'Chapters for a YouTube description (.txt)' },
  { value: 'vtt-chapters', label: 'Chapters as WebVTT (.vtt)' },
  { value: 'csv', label: 'Scores and reasoning as CSV' },
]

const TRANSCRIPT_CHOICES: readonly Choice[] = [
  { value: 'vtt', label: 'Transcript as WebVTT (.vtt)' },
  { value: 'srt', label: 'Transcript as SRT captions (.srt)' },
  { value: 'podcast-json', label: 'Transcript as Podcasting 2.0 JSON' },
]

const MOVES: Record<string, (at: number, count: number) => number> = {
  ArrowDown: (at, count) => (at + 1) % count,
  ArrowUp: (at, count) => (at - 1 + count) % count,
  Home: () => 0,
  End: (_, count) => count - 1,
}

/**
 * The Export menu of the toolbar: the native File menu sends the same choices. Opened, the focus is on
 * its first choice; the arrows, Home and End move between choices, Escape closes it (the focus back on
 * its button), and so does a click anywhere outside it.
 */
export function ExportMenu(props: {
  hasTranscript: boolean
  onExport: (choice: Exclude<ExportChoice, 'publish'>) => void
  run: (id: CommandId) => void
}): React.JSX.Element {
  const menu = useRef<HTMLDetailsElement>(null)
  const [open, setOpen] = useState(false)
  const items = (): HTMLElement[] => [
    ...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []),
  ]
  const close = (focusButton: boolean): void => {
    if (menu.current) menu.current.open = false
    if (focusButton) menu.current?.querySelector('summary')?.focus()
  }
  useEffect(() => {
    if (open) items()[0]?.focus()
  }, [open])
  // Listened to for the menu's whole life, not from when React has seen it open: a click outside that
  // comes right after the one that opened it closes it too.
  useEffect(() => {
    const outside = (e: PointerEvent): void => {
      if (menu.current?.open && !menu.current.contains(e.target as Node)) close(false)
    }
    const scope = createScope()
    scope.listen(document, 'pointerdown', outside)
    return scope.dispose
  }, [])
  const item = (c: Choice): React.JSX.Element => (
    <li key={c.value} role="none">
      <button
        type="button"
        role="menuitem"
        onClick={() => {
          close(false)
          if (c.value === 'file.export.site' || c.value === 'file.export.podcast-item') props.run(c.value)
          else props.onExport(c.value)
        }}
      >
        {c.label}
      </button>
    </li>
  )
  return (
    <details
      className="menu"
      ref={menu}
      onToggle={(e) => setOpen(e.currentTarget.open)}
      onKeyDown={(e) => {
        if (!open) return
        if (e.key === 'Escape') {
          close(true)
        } else {
          const move = MOVES[e.key]
          const all = items()
          if (!move || all.length === 0) return
          const at = all.indexOf(document.activeElement as HTMLElement)
          // From the button: down to the first choice, up to the last.
          all[move(at >= 0 ? at : e.key === 'ArrowUp' ? 0 : -1, all.length)]?.focus()
        }
        // The screen's own keys (Escape clears the selection) are not for an open menu.
        e.preventDefault()
        e.stopPropagation()
      }}
    >
      <summary>Export ▾</summary>
      <ul role="menu">
        {ANALYSIS_CHOICES.map(item)}
        {props.hasTranscript && (
          <>
            <li role="separator" className="menu-separator" />
            {TRANSCRIPT_CHOICES.map(item)}
          </>
        )}
      </ul>
    </details>
  )
}
