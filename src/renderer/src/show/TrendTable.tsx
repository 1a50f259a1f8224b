import { useState } from 'react'
import type { ShowTrends } from '../../../shared/contract'
import { formatAverage } from '../../../shared/scoreChart'

/**
 * The chart's numbers as a table, for reading them out or copying them; each title opens its episode.
 * Made only once opened: a show of a thousand episodes would otherwise draw thousands of cells unseen.
 */
export function TrendTable(props: { trends: ShowTrends; onOpen: (id: string) => void }): React.JSX.Element {
  const { trends, onOpen } = props
  const [open, setOpen] = useState(false)
  return (
    <details className="trend-table" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>Averages as a table</summary>
      {open && (
        <table>
          <caption className="visually-hidden">Average score per episode and dimension, oldest first</caption>
          <thead>
            <tr>
              <th scope="col">Episode</th>
              <th scope="col">Date</th>
              <th scope="col">Analysis counted</th>
              {trends.dimensions.map((d) => (
                <th key={d.key} scope="col">
                  {d.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {trends.episodes.map((e) => (
              <tr key={e.id}>
                <th scope="row">
                  <button type="button" className="link" onClick={() => onOpen(e.id)}>
                    {e.title || e.id}
                  </button>
                </th>
                <td>
                  {e.date}
                  {e.dateFrom === 'added' && <span className="hint"> (added; not published)</span>}
                </td>
                <td>
                  {e.counted.name}
                  <span className="hint">
                    {' '}
                    ({e.counted.text}
                    {e.analysisCount > 1 && `, of ${e.analysisCount} analyses`})
                  </span>
                </td>
                {trends.dimensions.map((d) => (
                  <td key={d.key} className="number">
                    {formatAverage(e.averages[d.key])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </details>
  )
}
