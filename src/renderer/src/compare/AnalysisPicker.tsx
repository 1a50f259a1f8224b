import type { LibraryAnalysis } from '../../../shared/agreement'
import { REVIEW_STATUS_WORDS } from '../episode/ReviewStatusBadge'

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
          {a.name}
          <span className="hint"> · {REVIEW_STATUS_WORDS[a.reviewStatus]}</span>
        </label>
      ))}
      {props.chosen.length < 2 && <p className="hint">Tick two analyses or more to compare them.</p>}
    </fieldset>
  )
}
