import type { EpisodeView } from '../../../../shared/contract'
import { formatAverage } from '../../../../shared/scoreChart'

/** "The hosts as informed peer 0.0 Guest teaching 0.0 …": each dimension's mean over the chapters. */
export function ScoreSummaryLine({ view }: { view: EpisodeView }): React.JSX.Element {
  return (
    <p className="score-summary" aria-label="Average score per dimension">
      {view.rubric.dimensions.map((d) => (
        <span key={d.key} className="average" data-dimension={d.key}>
          {d.label} <b>{formatAverage(view.scoreSummary[d.key])}</b>{' '}
        </span>
      ))}
    </p>
  )
}
