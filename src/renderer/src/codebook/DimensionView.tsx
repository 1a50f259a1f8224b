import type { CodebookDimension } from '../../../shared/codebook'
import { formatClock } from '../../../shared/time'
import { levelInWords } from '../episode/codebook/LevelLine'
import { anchorInWords, openAnchor } from './openAnchor'

/** One dimension as the codebook has it: definition, what each score looks like, and its anchors. */
export function DimensionView(props: {
  dimension: CodebookDimension
  index: number
  onError: (message: string) => void
}): React.JSX.Element {
  const d = props.dimension
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
                onClick={() => void openAnchor(a.target).then((why) => why && props.onError(why))}
              >
                ▶{' '}
                {a.target.kind === 'range'
                  ? `${formatClock(a.target.start)}–${formatClock(a.target.end)}`
                  : anchorInWords(a.target)}
              </button>{' '}
              {a.note}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
