import { useLayoutEffect, useMemo, useRef } from 'react'
import { useAfterFrame } from '../afterNextFrame'
import { problemCount } from '../../../shared/problems'
import { unreviewedCount } from './review/reviewQueue'
import { ChartsPanel } from './charts/ChartsPanel'
import { ChaptersPanel } from './chapters/ChaptersPanel'
import { RubricPanel } from './chapters/RubricPanel'
import { DetailsPanel } from './details/DetailsPanel'
import type { EditorPanelProps } from './editorPanelProps'
import { EDITOR_TAB_IDS, type EditorTabId } from './editorTabOrder'
import { HighlightsPanel } from './highlights/HighlightsPanel'
import { ProblemsPanel } from './problems/ProblemsPanel'
import { ReviewPanel } from './review/ReviewPanel'
import { StatementsPanel } from './statements/StatementsPanel'

const PANELS: Record<EditorTabId, { label: string; Panel: (props: EditorPanelProps) => React.JSX.Element }> =
  {
    statements: { label: 'Statements', Panel: StatementsPanel },
    chapters: { label: 'Chapters & scores', Panel: ChaptersPanel },
    highlights: { label: 'Highlights', Panel: HighlightsPanel },
    rubric: { label: 'Rubric', Panel: RubricPanel },
    details: { label: 'Details', Panel: DetailsPanel },
    charts: { label: 'Charts', Panel: ChartsPanel },
    problems: { label: 'Problems', Panel: ProblemsPanel },
    review: { label: 'Review', Panel: ReviewPanel },
  }
const TABS = EDITOR_TAB_IDS.map((id) => ({ id, ...PANELS[id] }))

export type { EditorTabId }
export { tabOfItem } from './editorTabOrder'

/** The editor's panels under the waveform, one at a time; the screen holds which (a command shows Review). */
export function EditorTabs(
  props: EditorPanelProps & { tab: EditorTabId; onTab: (tab: EditorTabId) => void },
): React.JSX.Element {
  const { tab, onTab: setTab, ...panelProps } = props
  // Counted once per view: the tabs draw again with every tick of the playhead. Counted after the frame
  // that shows an edit, so that a key's frame does not wait for every problem to be found.
  const { view } = props
  const counted = useAfterFrame(view)
  const problems = useMemo(() => problemCount(counted), [counted])
  const review = useMemo(() => unreviewedCount(counted), [counted])
  const counts: Partial<Record<EditorTabId, number>> = {
    statements: view.statements.length,
    chapters: view.chapters.length,
    highlights: view.highlights.length,
    problems,
    review,
  }
  const active = { id: tab, ...PANELS[tab] }
  // A panel changed by its key (Ctrl+PageDown) takes the focus out of the panel it replaced: its tab
  // gets it, so that the next key still has a place and the reader hears which panel is shown.
  const tabs = useRef<HTMLDivElement>(null)
  const shown = useRef(tab)
  useLayoutEffect(() => {
    if (shown.current === tab) return
    shown.current = tab
    const focused = document.activeElement
    if (focused === null || focused === document.body || tabs.current?.contains(focused))
      document.getElementById(`tab-${tab}`)?.focus()
  }, [tab])
  return (
    <section className="editor-tabs" aria-label="Editor">
      <div role="tablist" aria-label="Editor panels" ref={tabs}>
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
