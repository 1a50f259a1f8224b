import { formatPreciseClock, parsePreciseClock } from '../../../../shared/preciseTime'
import { CommitField } from '../details/CommitField'
import type { StatementsTableMeta } from './statementsTableMeta'
import type { StatementRow } from './statementRows'

/**
 * A field's value as the table shows it until its row is being edited: boxed like the field, and a
 * button, so a press or Tab reaches it; the row then shows its fields and this one takes the focus.
 */
export function FieldText(props: {
  label: string
  text: string
  multiline?: boolean
  className?: string
}): React.JSX.Element {
  const { label, text, multiline = false, className } = props
  return (
    <button
      type="button"
      className={['field-text', multiline ? 'multiline' : '', className ?? ''].filter(Boolean).join(' ')}
      data-field={label}
      // A row not being edited is kept to its height: a title's or quote's whole text shows on hover.
      title={className ? undefined : text || undefined}
    >
      <span className="field-value">{text}</span>
      {/* An empty field is still named, for whoever reaches it from the keyboard. */}
      {text === '' && <span className="visually-hidden">{label}</span>}
    </button>
  )
}

export const TIME_LABEL = { start: 'Start', end: 'End' } as const

export function TimeCell(props: {
  row: StatementRow
  edge: 'start' | 'end'
  meta: StatementsTableMeta
}): React.JSX.Element {
  const { row, edge, meta } = props
  const validate = (text: string): string | null => {
    const parsed = parsePreciseClock(text)
    if (!parsed.ok) return parsed.error
    if (edge === 'start' && parsed.seconds >= row.end)
      return `must be before the end, ${formatPreciseClock(row.end)}`
    if (edge === 'end' && parsed.seconds <= row.start)
      return `must be after the start, ${formatPreciseClock(row.start)}`
    return null
  }
  return (
    <CommitField
      label={TIME_LABEL[edge]}
      className="time"
      value={formatPreciseClock(row[edge])}
      validate={validate}
      onCommit={async (text) => {
        const parsed = parsePreciseClock(text)
        return parsed.ok && meta.update(row.id, { [edge]: parsed.seconds })
      }}
    />
  )
}

export function SpeakerCell(props: { row: StatementRow; meta: StatementsTableMeta }): React.JSX.Element {
  const { row, meta } = props
  return (
    <select
      aria-label="Speaker"
      value={row.speakerId ?? ''}
      onChange={(e) => void meta.update(row.id, { speakerId: e.target.value || null })}
    >
      <option value="">—</option>
      {meta.participants.map((p) => (
        <option key={p.id} value={p.id}>
          {p.name}
        </option>
      ))}
    </select>
  )
}

/** Why a statement needs a look: its quote no longer matches, or a machine made it and nobody checked. */
export function FlagsCell({
  row,
  meta,
}: {
  row: StatementRow
  meta: StatementsTableMeta | undefined
}): React.JSX.Element {
  const foundAt = row.quoteFoundAt
  return (
    <>
      {row.quoteProblem && (
        <span className="badge warning" title={row.quoteProblem}>
          ⚠ {row.quoteProblem}
        </span>
      )}
      {foundAt && meta && (
        <button
          type="button"
          className="link"
          onClick={(e) => {
            // The row's own click would select and seek; this button moves the span instead.
            e.stopPropagation()
            void meta.update(row.id, { start: foundAt.start, end: foundAt.end })
          }}
        >
          Move the span to {formatPreciseClock(foundAt.start)}
        </button>
      )}
      {row.quoteEstimated && !row.quoteProblem && (
        <span
          className="badge"
          title="The transcript has no word times here: the quote holds the words estimated to fall in the span"
        >
          quote estimated: no word times
        </span>
      )}
      {row.quoteEstimated && !row.quoteProblem && meta && (
        <button
          type="button"
          className="link"
          onClick={(e) => {
            e.stopPropagation()
            void meta.confirmQuote(row.id)
          }}
        >
          Confirm quote
        </button>
      )}
      {row.origin === 'machine' && <span className="badge">machine</span>}
      {row.status !== 'accepted' && <span className="badge">{row.status}</span>}
    </>
  )
}
