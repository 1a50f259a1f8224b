import { useMemo } from 'react'
import { findProblems } from '../../../shared/problems'
import { reviewQueue } from './review/reviewQueue'
import { ChartsPanel } from './charts/ChartsPanel'
import { ChaptersPanel } from './chapters/ChaptersPanel'
import { RubricPanel } from './chapters/RubricPanel'
import { DetailsPanel } from './details/DetailsPanel'
import type { EditorPanelProps } from './editorPanelProps'
import { HighlightsPanel } from './highlights/HighlightsPanel'
import { ProblemsPanel } from './problems/ProblemsPanel'
import { ReviewPanel } from './review/ReviewPanel'
import { StatementsPanel } from './statements/StatementsPanel'

const TABS = [
  { id: 'statements', label: 'Statements', Panel: StatementsPanel },
  { id: 'chapters', label: 'Chapters & scores', Panel: ChaptersPanel },
  { id: 'highlights', label: 'Highlights', Panel: HighlightsPanel },
  { id: 'rubric', label: 'Rubric', Panel: RubricPanel },
  { id: 'details', label: 'Details', Panel: DetailsPanel },
  { id: 'charts', label: 'Charts', Panel: ChartsPanel },
  { id: 'problems', label: 'Problems', Panel: ProblemsPanel },
  { id: 'review', label: 'Review', Panel: ReviewPanel },
] as const

export type EditorTabId = (typeof TABS)[number]['id']

/** The editor's panels under the waveform, one at a time; the screen holds which (a command shows Review). */
export function EditorTabs(
  props: EditorPanelProps & { tab: EditorTabId; onTab: (tab: EditorTabId) => void },
): React.JSX.Element {
  const { tab, onTab: setTab, ...panelProps } = props
  // Counted once per view: the tabs draw again with every tick of the playhead.
  const { view } = props
  const problems = useMemo(() => findProblems(view).length, [view])
  const review = useMemo(() => reviewQueue(view).length, [view])
  const counts: Partial<Record<EditorTabId, number>> = {
    statements: view.statements.length,
    chapters: view.chapters.length,
    highlights: view.highlights.length,
    problems,
    review,
  }
  const active = TABS.find((t) => t.id === tab) ?? TABS[0]
  return (
    <section className="editor-tabs" aria-label="Editor">
      <div role="tablist" aria-label="Editor panels">
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`tab-${t.id}`}
            aria-selected={t.id === tab}
            aria-controls="editor-panel"
            className={t.id === 'problems' && problems > 0 ? 'has-problems' : undefined}
            onClick={() => setTab(t.id)}
          >
            {t.label}
            {counts[t.id] !== undefined && <span className="count"> {counts[t.id]}</span>}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="editor-panel" aria-labelledby={`tab-${active.id}`} className="editor-panel">
        <active.Panel {...panelProps} />
      </div>
    </section>
  )
}
