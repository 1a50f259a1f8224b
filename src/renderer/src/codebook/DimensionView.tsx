import type { Anchor, CodebookDimension } from '../../../shared/codebook'
import { formatClock } from '../../../shared/time'
import { levelInWords } from '../episode/codebook/LevelLine'
import { openAnchor } from './openAnchor'
import type { AnchorPlayer } from './useAnchorPlayer'

const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e))

/** Where an anchor is, in words: a range's times, else the kind of item cited. */
export const anchorPlace = (a: Anchor): string =>
  a.target.kind === 'range'
    ? `${formatClock(a.target.start)}–${formatClock(a.target.end)}`
    : a.target.kind === 'statement'
      ? 'a statement'
      : 'a chapter’s score'

/** One dimension as the codebook has it: definition, what each score looks like, and its anchors. */
export function DimensionView(props: {
  dimension: CodebookDimension
  index: number
  player: AnchorPlayer
  onError: (message: string) => void
}): React.JSX.Element {
  const d = props.dimension
  const { player, onError } = props
  const headingId = `codebook-dimension-${d.key}`
  return (
    <section className="codebook-dimension" aria-labelledby={headingId}>
      <h3 id={headingId}>
        {props.index + 1}. {d.label} <code>{d.key}</code>
      </h3>
      <p className="definition">{d.definition.trim() || 'No definition written yet.'}</p>
      {d.levels.length > 0 ? (
        <ul className="levels" aria-label={`What each score of ${d.label} means`}>
          {d.levels.map((l) => (
            <li key={l.from}>{levelInWords(l)}</li>
          ))}
        </ul>
      ) : (
        <p className="hint">No level descriptors yet.</p>
      )}
      {d.anchors.length > 0 && (
        <ul className="anchors" aria-label={`Anchors of ${d.label}`}>
          {d.anchors.map((a) => (
            <li key={a.id}>
              <button
                type="button"
                className="time play"
                aria-pressed={player.playing === a.id}
                onClick={() => void player.toggle(a.id, a.target).catch((e) => onError(messageOf(e)))}
              >
                <span aria-hidden="true">{player.playing === a.id ? '■' : '▶'} </span>
                Play {anchorPlace(a)}
              </button>{' '}
              <button
                type="button"
                // Named for its moment too: a dimension's anchors each have one.
                aria-label={`Open in its episode: ${anchorPlace(a)}`}
                onClick={() => void openAnchor(a.target).catch((e) => onError(messageOf(e)))}
              >
                Open in its episode
              </button>{' '}
              <span className="note">{a.note}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
