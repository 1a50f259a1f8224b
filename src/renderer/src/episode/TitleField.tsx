import { useState } from 'react'

/** The episode's title, edited in place: Enter or leaving the field saves, Escape restores. Key it by the title. */
export function TitleField({
  title,
  onCommit,
}: {
  title: string
  onCommit: (title: string) => void
}): React.JSX.Element {
  const [draft, setDraft] = useState(title)
  const commit = (): void => {
    const next = draft.trim()
    if (next && next !== title) onCommit(next)
    else setDraft(title)
  }
  return (
    <input
      className="title"
      aria-label="Episode title"
      // The whole title on hover, where the header is too narrow to show it.
      title={draft}
      value={draft}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') e.currentTarget.blur()
        if (e.key === 'Escape') {
          setDraft(title)
          requestAnimationFrame(() => (e.target as HTMLInputElement).blur())
        }
      }}
    />
  )
}
