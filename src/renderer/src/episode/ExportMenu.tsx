import { useRef, useState } from 'react'
import type { ExportChoice } from './exportFile'
import { PublishProblemsDialog } from './PublishProblemsDialog'

export { exportFile, type ExportChoice } from './exportFile'

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

/**
 * The Export menu of the toolbar (the native File menu sends the same choices) and the Publish button:
 * the final export, which lists what is unfinished when the core refuses it. `onExport` rejects only
 * for publishing, so that the refusal can be shown here as a list; other failures it reports itself.
 */
export function ExportMenu(props: {
  hasTranscript: boolean
  onExport: (choice: ExportChoice) => Promise<void> | void
}): React.JSX.Element {
  const menu = useRef<HTMLDetailsElement>(null)
  const [refusal, setRefusal] = useState<string | null>(null)
  const [publishing, setPublishing] = useState(false)
  const item = (c: Choice): React.JSX.Element => (
    <li key={c.value} role="none">
      <button
        type="button"
        role="menuitem"
        onClick={() => {
          if (menu.current) menu.current.open = false
          void props.onExport(c.value)
        }}
      >
        {c.label}
      </button>
    </li>
  )
  const publish = (): void => {
    setPublishing(true)
    Promise.resolve(props.onExport('publish'))
      .catch((e: Error) => setRefusal(e.message))
      .finally(() => setPublishing(false))
  }
  return (
    <>
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
      <button
        type="button"
        onClick={publish}
        disabled={publishing}
        title="Export episode JSON as final: refused, with every reason listed, until everything is reviewed, scored and reasoned"
      >
        Publish…
      </button>
      {refusal !== null && <PublishProblemsDialog message={refusal} onClose={() => setRefusal(null)} />}
    </>
  )
}
