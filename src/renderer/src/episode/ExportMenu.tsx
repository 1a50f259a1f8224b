import { useRef } from 'react'
import type { ExportChoice } from './exportFile'

interface Choice {
  value: Exclude<ExportChoice, 'publish'>
  label: string
}

const ANALYSIS_CHOICES: readonly Choice[] = [
  { value: 'episode', label: 'Episode JSON (for publishing)' },
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

/** The Export menu of the toolbar: the native File menu sends the same choices. */
export function ExportMenu(props: {
  hasTranscript: boolean
  onExport: (choice: Exclude<ExportChoice, 'publish'>) => void
}): React.JSX.Element {
  const menu = useRef<HTMLDetailsElement>(null)
  const item = (c: Choice): React.JSX.Element => (
    <li key={c.value} role="none">
      <button
        type="button"
        role="menuitem"
        onClick={() => {
          if (menu.current) menu.current.open = false
          props.onExport(c.value)
        }}
      >
        {c.label}
      </button>
    </li>
  )
  return (
    <details className="menu" ref={menu}>
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
