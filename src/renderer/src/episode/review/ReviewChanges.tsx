import { useState } from 'react'
import { formatClock } from '../../../../shared/time'
import type { ReviewReport } from '../../../../shared/contract'
import { formatPreciseClock } from '../../../../shared/preciseTime'
import { call, platform } from '../../platform'
import { TableHead } from '../../TableHead'

const named = (title: string, id: string): string => (title ? `“${title}”` : id)

/**
 * What the reviewer changed, item by item: each machine item edited or rejected with the machine's
 * fields beside the reviewer's, and each chapter's scores that differ; exported as CSV for a spreadsheet.
 */
export function ReviewChanges(props: { episodeId: string; report: ReviewReport }): React.JSX.Element {
  const { report } = props
  const [failure, setFailure] = useState<string | null>(null)
  const exportCsv = async (): Promise<void> => {
    try {
      const file = await call('review.exportReport', { id: props.episodeId })
      await platform.saveText(file.fileName, file.text)
      setFailure(null)
    } catch (e) {
      setFailure(`The report was not exported: ${(e as Error).message}`)
    }
  }
  return (
    <section aria-label="Review changes" className="review-changes">
      <h3>What the reviewer changed</h3>
      <button type="button" onClick={() => void exportCsv()}>
        Export report (CSV)
      </button>
      {failure && <p role="alert">{failure}</p>}
      {report.items.length === 0 && report.chapters.length === 0 && (
        <p className="hint">No machine item edited or rejected yet.</p>
      )}
      {report.items.length > 0 && (
        <table aria-label="Items edited and rejected">
          <TableHead columns={['Item', 'Field', 'Machine', 'Reviewer']} />
          <tbody>
            {report.items.flatMap((item) => {
              const heading = `${item.decision === 'rejected' ? 'Rejected' : 'Edited'} ${item.kind} ${named(item.title, item.id)} at ${formatPreciseClock(item.time)}`
              const rows =
                item.changes.length > 0 ? item.changes : [{ field: 'scores', machine: '', reviewer: '' }]
              return rows.map((c, i) => (
                <tr key={`${item.kind}:${item.id}:${c.field}`} data-item={`${item.kind}:${item.id}`}>
                  {i === 0 && <th rowSpan={rows.length}>{heading}</th>}
                  <td>{c.field}</td>
                  <td>{c.machine}</td>
                  <td>{item.decision === 'rejected' ? '(rejected)' : c.reviewer}</td>
                </tr>
              ))
            })}
          </tbody>
        </table>
      )}
      {report.chapters.length > 0 && (
        <table aria-label="Score differences per chapter">
          <TableHead columns={['Chapter', 'Dimension', 'Machine', 'Reviewer']} />
          <tbody>
            {report.chapters.flatMap((chapter) =>
              chapter.dimensions.map((d, i) => (
                <tr
                  key={`${chapter.chapterId}:${d.key}`}
                  data-chapter={chapter.chapterId}
                  data-dimension={d.key}
                >
                  {i === 0 && (
                    <th rowSpan={chapter.dimensions.length}>
                      {named(chapter.title, chapter.chapterId)} at {formatPreciseClock(chapter.start)}
                    </th>
                  )}
                  <td>{d.label}</td>
                  <td>
                    <b>{d.machine ?? '—'}</b> {d.machineReasoning}
                    {d.evidence.length > 0 && (
                      <div className="hint">
                        evidence{' '}
                        {d.evidence
                          .map((e) =>
                            'statement' in e
                              ? `statement ${e.statement}`
                              : `${formatClock(e.start)}–${formatClock(e.end)}`,
                          )
                          .join(', ')}
                      </div>
                    )}
                  </td>
                  <td>
                    <b>{d.reviewer ?? '—'}</b>{' '}
                    {d.reasoning === d.machineReasoning ? '(the machine’s reasoning)' : d.reasoning}
                  </td>
                </tr>
              )),
            )}
          </tbody>
        </table>
      )}
    </section>
  )
}
