import { CITE_ATTRIBUTE, citeAttribute } from '../evidence/citeTarget'
import { CitedText } from '../evidence/CitedText'
import type { CiteActions } from '../evidence/EvidenceChips'
import type { HighlightView } from '../../../../shared/contract'
import type { Dimension } from '../../../../shared/episodeFormat'
import type { HighlightSuggestion } from './highlightSuggestion'
import { formatClock } from '../../../../shared/time'
import { InlineText } from '../chapters/InlineText'

const chapterTitle = (s: HighlightSuggestion): string =>
  s.chapter.title || `the chapter at ${formatClock(s.chapter.start)}`

/**
 * One dimension's highlight: where it is, its title and description, and the chapter that scores
 * highest on the dimension as a suggestion. Writing a title or description where there is no
 * highlight yet makes one at the playhead.
 */
export function HighlightRow(props: {
  dimension: Dimension
  /** 1-based: the digit that picks this dimension after `H`. */
  number: number
  highlight: HighlightView | null
  selected: boolean
  suggestion: HighlightSuggestion | null
  /** Set when the highlight lies in no chapter. */
  outside: boolean
  onGo: () => void
  onSetAtPlayhead: () => void
  onText: (patch: { title: string } | { description: string }) => void
  onUseSuggestion: () => void
  onDelete: () => void
  cite: CiteActions
}): React.JSX.Element {
  const { dimension: d, highlight: h, suggestion } = props
  const name = d.highlightLabel || d.label
  const inSuggested =
    h !== null && suggestion !== null && suggestion.chapter.start <= h.time && h.time < suggestion.chapter.end
  return (
    <tr
      data-dimension={d.key}
      className={props.selected ? 'selected' : undefined}
      {...(h && { [CITE_ATTRIBUTE]: citeAttribute({ kind: 'highlight', highlightId: h.id }) })}
    >
      <th scope="row" className="highlight-label">
        <kbd title={`H then ${props.number} sets it at the playhead`}>{props.number}</kbd> {name}
      </th>
      <td className="at">
        {h ? (
          <button
            type="button"
            className="time"
            aria-label={`Go to ${name} at ${formatClock(h.time)}`}
            onClick={props.onGo}
          >
            ▶ {formatClock(h.time)}
          </button>
        ) : (
          <span className="empty">not set</span>
        )}{' '}
        <button type="button" onClick={props.onSetAtPlayhead}>
          Set at playhead
        </button>
        {props.outside && h && (
          <p className="warning" role="note">
            {formatClock(h.time)} is outside every chapter
          </p>
        )}
      </td>
      <td className="title">
        <InlineText
          wrap
          value={h?.title ?? ''}
          label={`Title of ${name}`}
          placeholder="Title"
          onCommit={(title) => props.onText({ title })}
        />
        {suggestion && !inSuggested && (
          <p className="suggestion">
            Suggested: {chapterTitle(suggestion)} (score {suggestion.value}) —{' '}
            <button type="button" className="link" onClick={props.onUseSuggestion}>
              Use
            </button>
          </p>
        )}
      </td>
      <td className="description">
        <CitedText
          text={{
            value: h?.description ?? '',
            label: `Description of ${name}`,
            placeholder: 'What happens there',
            onCommit: (description) => props.onText({ description }),
          }}
          target={h && { kind: 'highlight', highlightId: h.id }}
          items={h?.evidence}
          cite={props.cite}
        />
      </td>
      <td className="row-actions">
        {h && (
          <button type="button" onClick={props.onDelete}>
            Delete
          </button>
        )}
      </td>
    </tr>
  )
}
