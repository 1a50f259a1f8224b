import { useState } from 'react'
import { useFieldCommit } from '../fields/fieldCommit'

/**
 * The episode's title, edited in place by the field rule (src/renderer/src/fields/fieldCommit.ts); an
 * empty title is not saved. Key it by the title.
 */
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
  const keys = useFieldCommit({ multiline: false, commit, restore: () => setDraft(title) })
  return (
    <input
      className="title"
      aria-label="Episode title"
      // The whole title on hover, where the header is too narrow to show it.
      title={draft}
      value={draft}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={keys.onBlur}
      onKeyDown={keys.onKeyDown}
    />
  )
}
