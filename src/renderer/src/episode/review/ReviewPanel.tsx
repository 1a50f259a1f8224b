import { useEffect, useState } from 'react'
import type { ReviewReport } from '../../../../shared/contract'
import { shortcutOf } from '../../commands/shortcuts'
import { reviewQueue } from './reviewQueue'
import { call } from '../../platform'
import type { EditorPanelProps } from '../editorPanelProps'
import { ReviewChanges } from './ReviewChanges'

/**
 * The review of a machine's analysis: what is left, and how far the reviewer's scores are from the machine's so far.
 */
export function ReviewPanel(props: EditorPanelProps): React.JSX.Element {
  const { view, episodeId } = props
  const [report, setReport] = useState<ReviewReport | null>(null)
  useEffect(() => {
    let live = true
    call('review.report', { id: episodeId }).then(
      (next) => live && setReport(next),
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [episodeId, view])
  const left = reviewQueue(view).length
  return (
    <div className="review-panel">
      <p>
        <b>{left === 0 ? 'Nothing left to review.' : `${left} left to review.`}</b>{' '}
        {left === 0 && 'A machine’s analysis opened as episode JSON brings items to review here. '}
        <kbd>{shortcutOf('review.next')}</kbd> goes to the next, <kbd>{shortcutOf('review.accept')}</kbd>{' '}
        accepts it, <kbd>{shortcutOf('review.reject')}</kbd> rejects it (undo brings it back); any change
        marks it edited.
      </p>
      {view.blind && (
        <p className="blind-note">
          Scoring blind: each machine score, its reasoning and its highlight stay hidden until you have scored
          it, or revealed its chapter on the card; then both show, with the difference.{' '}
          <kbd>{shortcutOf('review.blind')}</kbd> stops.
        </p>
      )}
      <p className="hint">
        The selected item shows beside the video; {shortcutOf('review.play')} plays it, and a chapter’s scores
        and reasoning can be changed there.
      </p>
      {report && (
        <section aria-label="Review report">
          <h3>Reviewer against machine</h3>
          <p>
            {report.accepted} accepted · {report.edited} edited · {report.rejected} rejected ·{' '}
            {report.unreviewed} unreviewed
          </p>
          <table>
            <thead>
              <tr>
                <th>Dimension</th>
                <th>Chapters compared</th>
                <th>Mean absolute difference</th>
              </tr>
            </thead>
            <tbody>
              {report.dimensions.map((d) => (
                <tr key={d.key} data-dimension={d.key}>
                  <th scope="row">{d.label}</th>
                  <td>{d.compared}</td>
                  <td>{d.meanAbsoluteDifference === null ? '—' : d.meanAbsoluteDifference.toFixed(2)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      {report && <ReviewChanges episodeId={episodeId} report={report} />}
    </div>
  )
}
