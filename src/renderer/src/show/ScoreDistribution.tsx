import type { ShowTrends } from '../../../shared/contract'
import { tallest } from './trendLayout'

/**
 * How the show's chapter scores spread over the scale, per dimension: a bar per value, its count written
 * on it. Where a show's scores bunch shows what the rubric tells apart and what it does not.
 */
export function ScoreDistribution({ trends }: { trends: ShowTrends }): React.JSX.Element {
  return (
    <div className="distributions">
      {trends.dimensions.map((d) => {
        const bars = trends.distribution[d.key] ?? []
        const top = tallest(bars)
        const total = bars.reduce((sum, b) => sum + b.count, 0)
        return (
          <figure key={d.key} className="distribution" data-dimension={d.key}>
            <figcaption>
              {d.label} <span className="hint">{total === 0 ? 'not scored' : `${total} chapter scores`}</span>
            </figcaption>
            <ol aria-label={`${d.label}: chapter scores per value`}>
              {bars.map((b) => (
                <li key={b.value} data-value={b.value}>
                  <span className="count">
                    {b.count}
                    <span className="visually-hidden"> scored {b.value}</span>
                  </span>
                  <span
                    className="dist-bar"
                    style={{ height: `${(b.count / top) * 100}%` }}
                    aria-hidden="true"
                  />
                  <span className="value" aria-hidden="true">
                    {b.value}
                  </span>
                </li>
              ))}
            </ol>
          </figure>
        )
      })}
    </div>
  )
}
