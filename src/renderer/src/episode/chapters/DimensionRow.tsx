import type { Dimension } from '../../../../shared/episodeFormat'
import { InlineText } from './InlineText'

export type DimensionPatch = Partial<Pick<Dimension, 'label' | 'description' | 'highlightLabel'>>

/**
 * The texts of a dimension, one cell each, in column order. `wrap` is one line that may wrap (Enter saves);
 * `multiline` keeps its new lines (Ctrl+Enter saves).
 */
const TEXT_FIELDS: readonly {
  name: keyof DimensionPatch
  label: string
  lines: 'wrap' | 'multiline'
  placeholder?: (d: Dimension) => string
}[] = [
  { name: 'label', label: 'Label', lines: 'wrap' },
  { name: 'highlightLabel', label: 'Highlight label', lines: 'wrap', placeholder: (d) => d.label },
  {
    name: 'description',
    label: 'Description',
    lines: 'multiline',
    placeholder: () => 'What a high score means',
  },
]

/** Which control asked for a move, so the focus can follow the dimension to its new place. */
export type MoveControl = 'row' | 'up' | 'down'

/** One dimension of the rubric: its key (fixed: scores are filed under it), texts, order and removal. */
export function DimensionRow(props: {
  dimension: Dimension
  index: number
  count: number
  confirmingRemoval: boolean
  onPatch: (patch: DimensionPatch) => void
  onMove: (to: number, control: MoveControl) => void
  onAskRemoval: () => void
  onRemove: () => void
  onKeep: () => void
  /** Counts refused edits: a refused text (a label another dimension has) gives way to the saved one. */
  refusals: number
}): React.JSX.Element {
  const { dimension: d, index } = props
  return (
    <tr
      tabIndex={0}
      data-key={d.key}
      aria-label={`Dimension ${index + 1}: ${d.label}`}
      // Alt+↑/↓ move the dimension from anywhere in its row: the row itself, its fields or its buttons.
      onKeyDown={(e) => {
        if (!e.altKey) return
        const step = e.key === 'ArrowUp' ? -1 : e.key === 'ArrowDown' ? 1 : 0
        if (step === 0) return
        e.preventDefault()
        e.stopPropagation()
        const to = index + step
        if (to >= 0 && to < props.count) props.onMove(to, 'row')
      }}
    >
      <td className="order">
        <button
          type="button"
          data-move="up"
          aria-label={`Move ${d.label} up`}
          disabled={index === 0}
          onClick={() => props.onMove(index - 1, 'up')}
        >
          ↑
        </button>
        <button
          type="button"
          data-move="down"
          aria-label={`Move ${d.label} down`}
          disabled={index === props.count - 1}
          onClick={() => props.onMove(index + 1, 'down')}
        >
          ↓
        </button>
      </td>
      <td className="key">
        <code>{d.key}</code>
      </td>
      {TEXT_FIELDS.map((field) => (
        <td key={field.name}>
          <InlineText
            key={props.refusals}
            wrap={field.lines === 'wrap'}
            multiline={field.lines === 'multiline'}
            value={d[field.name]}
            label={`${field.label} of ${d.key}`}
            placeholder={field.placeholder?.(d)}
            onCommit={(text) => props.onPatch({ [field.name]: text })}
          />
        </td>
      ))}
      <td className="row-actions">
        {props.confirmingRemoval ? (
          <span className="confirm" role="group" aria-label={`Remove ${d.label}?`}>
            <span>Remove it, its scores and its highlight?</span>
            <button type="button" className="danger" onClick={props.onRemove}>
              Yes, remove
            </button>{' '}
            <button type="button" onClick={props.onKeep} autoFocus>
              No
            </button>
          </span>
        ) : (
          <button type="button" onClick={props.onAskRemoval}>
            Remove
          </button>
        )}
      </td>
    </tr>
  )
}
