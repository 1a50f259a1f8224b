import type { LibraryAnalysis } from '../../../shared/agreement'

/** Which of the episode's analyses are compared: every one at first; two at least. */
export function AnalysisPicker(props: {
  analyses: readonly LibraryAnalysis[]
  chosen: readonly string[]
  onToggle: (id: string) => void
}): React.JSX.Element {
  return (
    <fieldset className="analysis-picker">
      <legend>Analyses to compare</legend>
      {props.analyses.map((a) => (
        <label key={a.id}>
          <input
            type="checkbox"
            checked={props.chosen.includes(a.id)}
            onChange={() => props.onToggle(a.id)}
          />{' '}
          {a.reviewer ?? a.id}
          <span className="hint">
            {a.reviewer !== null && ` ${a.id}`} ·{' '}
            <span className={`badge origin-${a.origin}`}>{a.origin}</span> · {a.reviewStatus}
          </span>
        </label>
      ))}
      {props.chosen.length < 2 && <p className="hint">Tick two analyses or more to compare them.</p>}
    </fieldset>
  )
}
