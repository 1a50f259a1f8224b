import { useMemo } from 'react'
import { shortcutOf } from '../../commands/shortcuts'
import { bySeverity, problemCountsInWords } from '../../../../shared/problemOrder'
import { findProblems, SEVERITY_MEANING } from '../../../../shared/problems'
import { formatClock } from '../../../../shared/time'
import type { EditorPanelProps } from '../editorPanelProps'

/**
 * What to fix before publishing (errors) first, then warnings and notes, each in the order of the media; a
 * click goes to the item and its time.
 */
export function ProblemsPanel(props: EditorPanelProps): React.JSX.Element {
  const { view, selection, select, seek } = props
  const problems = useMemo(() => bySeverity(findProblems(view)), [view])
  // The desk's rule, kept with the library: the view that answers shows the problems it makes.
  const rule = (
    <label className="evidence-rule">
      <input
        type="checkbox"
        checked={view.rules.requireEvidence}
        onChange={(e) =>
          void props.edit('rules.requireEvidence', { id: props.episodeId, required: e.target.checked })
        }
      />{' '}
      Require evidence for every score with reasoning (in every episode of this library): without it,
      publishing waits
    </label>
  )
  if (problems.length === 0)
    return (
      <section className="problems-panel" aria-label="Problems">
        {rule}
        <p className="empty">
          No problems: nothing blocks publishing. Publish… (<kbd>{shortcutOf('file.publish')}</kbd>) writes
          the final episode JSON.
        </p>
      </section>
    )
  return (
    <section className="problems-panel" aria-label="Problems">
      {rule}
      <p className="hint">
        {problemCountsInWords(problems)} Click one to select its item and go to its time.
      </p>
      <ul className="problem-list">
        {problems.map((p) => {
          const selected =
            p.target !== null && selection?.kind === p.target.kind && selection.id === p.target.id
          return (
            <li key={p.key}>
              <button
                type="button"
                className={`problem kind-${p.kind}${selected ? ' selected' : ''}`}
                data-problem={p.kind}
                aria-current={selected ? 'true' : undefined}
                onClick={() => {
                  if (p.target) select(p.target)
                  seek(p.time)
                }}
              >
                <span className="problem-time">{formatClock(p.time)}</span>{' '}
                <span className={`severity severity-${p.severity}`} title={SEVERITY_MEANING[p.severity]}>
                  {p.severity}
                </span>{' '}
                {p.message}
              </button>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
