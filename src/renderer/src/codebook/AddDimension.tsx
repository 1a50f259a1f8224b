import { useState } from 'react'
import type { CodebookDimension } from '../../../shared/codebook'

/** A key made from a label: camelCase letters and digits, as the episode format's keys are. */
export function keyOf(label: string): string {
  const words = label
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9 ]+/g, ' ')
    // A key starts with a letter: digits before the first one are left out.
    .replace(/^[^A-Za-z]+/, '')
    .split(/\s+/)
    .filter(Boolean)
  const key = words
    .map((w, i) => (i === 0 ? w.toLowerCase() : w[0]?.toUpperCase() + w.slice(1).toLowerCase()))
    .join('')
  return key === '' ? 'dimension' : key
}

/**
 * A new dimension for the draft, named by its label; its key (what scores are filed under) is made from
 * the label and kept apart from the keys the draft has. The core checks the rest when the draft is saved.
 */
export function AddDimension(props: {
  keys: readonly string[]
  onAdd: (dimension: CodebookDimension) => void
}): React.JSX.Element {
  const [label, setLabel] = useState('')
  const add = (): void => {
    const text = label.trim()
    if (text === '') return
    let key = keyOf(text)
    for (let n = 2; props.keys.includes(key); n++) key = `${keyOf(text)}${n}`
    props.onAdd({ key, label: text, definition: '', highlightLabel: '', levels: [], anchors: [] })
    setLabel('')
  }
  return (
    <p className="add-dimension">
      <label>
        New dimension{' '}
        <input
          type="text"
          value={label}
          onChange={(e) => setLabel(e.target.value)}
          onKeyDown={(e) => {
            // Enter adds it here rather than saving the whole draft.
            if (e.key !== 'Enter') return
            e.preventDefault()
            add()
          }}
        />
      </label>{' '}
      <button type="button" onClick={add} disabled={label.trim() === ''}>
        Add dimension
      </button>
    </p>
  )
}
