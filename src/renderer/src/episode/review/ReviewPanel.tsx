import { useEffect, useState } from 'react'
import { shortcutOf } from '../../commands/shortcuts'
import type { ChapterView, ReviewReport } from '../../../../shared/contract'
import { reviewQueue } from './reviewQueue'
import { call } from '../../platform'
import type { EditorPanelProps } from '../editorPanelProps'
import { TableHead } from '../../TableHead'
import { ReviewChanges } from './ReviewChanges'

function MachineVersusOwn({
  chapter,
  labels,
  keepReasoning,
}: {
  chapter: ChapterView
  labels: Map<string, string>
  /** Keeps the machine's reasoning for the reviewer's score of a dimension. */
  keepReasoning: (dimension: string) => void
}): React.JSX.Element {
  const machine = chapter.machineScores ?? {}
  return (
    <table
      className="machine-vs-own"
      aria-label={`Machine and reviewer scores of ${chapter.title || chapter.id}`}
    >
      <TableHead columns={['Dimension', 'Machine', 'Reviewer']} />
      <tbody>
        {Object.entries(chapter.scores).map(([key, own]) => {
          const theirs = machine[key]
          const differs =
            theirs !== undefined && (theirs.value !== own.value || theirs.reasoning !== own.reasoning)
          return (
            <tr key={key} className={differs ? 'differs' : undefined} data-dimension={key}>
              <th scope="row">{labels.get(key) ?? key}</th>
              <td>
                <b>{theirs?.value ?? '—'}</b> {theirs?.reasoning}
              </td>
              <td>
                <b>{own.value ?? '—'}</b> {own.reasoning}
                {chapter.reasoningToConfirm.includes(key) && (
                  <>
                    {' '}
                    <span className="badge warning">
                      the machine’s reasoning, for its {theirs?.value ?? '—'}
                    </span>{' '}
                    <button
                      type="button"
                      aria-label={`Keep the reasoning for ${labels.get(key) ?? key} ${own.value ?? ''}`}
                      onClick={() => keepReasoning(key)}
                    >
                      Keep reasoning
                    </button>
                  </>
                )}
              </td>
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}

/**
 * The review of a machine's analysis: what is left, the selected chapter's machine scores beside the
 * reviewer's, and how far the reviewer's scores are from the machine's so far.
 */
export function ReviewPanel(props: EditorPanelProps): React.JSX.Element {
  const { view, selection, episodeId, edit } = props
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
  const labels = new Map(view.rubric.dimensions.map((d) => [d.key, d.label]))
  const chapter =
    selection?.kind === 'chapter'
      ? view.chapters.find((c) => c.id === selection.id && c.machineScores)
      : undefined
  return (
    <div className="review-panel">
      <p>
        <b>{left === 0 ? 'Nothing left to review.' : `${left} left to review.`}</b>{' '}
        {left === 0 && 'A machine’s analysis opened as episode JSON brings items to review here. '}
        <kbd>{shortcutOf('review.next')}</kbd> goes to the next, <kbd>{shortcutOf('review.accept')}</kbd>{' '}
        accepts it, <kbd>{shortcutOf('review.reject')}</kbd> rejects it (undo brings it back); any change
        marks it edited.
      </p>
      {chapter ? (
        <MachineVersusOwn
          chapter={chapter}
          labels={labels}
          keepReasoning={(dimension) =>
            void edit('scores.confirmReasoning', { id: episodeId, chapterId: chapter.id, dimension })
          }
        />
      ) : (
        <p className="hint">Select a machine chapter to see its scores beside yours.</p>
      )}
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
