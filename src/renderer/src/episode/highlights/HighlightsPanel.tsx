import { chapterAt } from '../../../../shared/chapterAt'
import { shortcutOf } from '../../commands/shortcuts'
import { suggestHighlight } from './highlightSuggestion'
import type { EditorPanelProps } from '../editorPanelProps'
import { HighlightRow } from './HighlightRow'
import { useCiteActions } from '../evidence/EvidenceChips'
import { TableHead } from '../../TableHead'

/** One highlight per rubric dimension ("Sharpest disagreement ▶ 6:55"): set, retitled, moved, removed. */
export function HighlightsPanel(props: EditorPanelProps): React.JSX.Element {
  const { view, episodeId: id, edit, selection, select, seek } = props
  const { chapters, rubric } = view
  const cite = useCiteActions(props)
  return (
    <div className="highlights-panel">
      {view.highlights.length === 0 && rubric.dimensions.length > 0 ? (
        <p className="empty">
          No highlights yet. Play to the moment that best shows a dimension, then press{' '}
          <kbd>{shortcutOf('highlight.set')}</kbd> and its number (or Set at playhead in its row).
        </p>
      ) : (
        <p className="hint">
          <kbd>{shortcutOf('highlight.set')}</kbd> then a dimension’s number sets its highlight at the
          playhead.
        </p>
      )}
      <table className="highlights" aria-label="Highlights">
        <TableHead
          scoped
          columns={['Highlight', 'At', 'Title', 'Description', { label: 'Actions', hidden: true }]}
        />
        <tbody>
          {rubric.dimensions.map((d, index) => {
            const h = view.highlights.find((x) => x.dimension === d.key) ?? null
            const suggestion = suggestHighlight(chapters, d.key, rubric.scale)
            return (
              <HighlightRow
                cite={cite}
                key={d.key}
                dimension={d}
                number={index + 1}
                highlight={h}
                selected={h !== null && selection?.kind === 'highlight' && selection.id === h.id}
                suggestion={suggestion}
                // As the problems list has it: with no chapters yet, there is nothing to be outside of.
                outside={h !== null && chapters.length > 0 && chapterAt(chapters, h.time) === null}
                onGo={() => {
                  if (!h) return
                  seek(h.time)
                  select({ kind: 'highlight', id: h.id })
                }}
                onSetAtPlayhead={() => {
                  if (h)
                    void edit('highlights.update', { id, highlightId: h.id, patch: { time: props.time } })
                  else void edit('highlights.set', { id, dimension: d.key, time: props.time })
                }}
                onText={(patch) => {
                  if (h) void edit('highlights.update', { id, highlightId: h.id, patch })
                  else void edit('highlights.set', { id, dimension: d.key, time: props.time, ...patch })
                }}
                onUseSuggestion={() => {
                  if (!suggestion) return
                  const { start, title } = suggestion.chapter
                  if (h)
                    void edit('highlights.update', {
                      id,
                      highlightId: h.id,
                      patch: { time: start, ...(!h.title && title && { title }) },
                    })
                  else void edit('highlights.set', { id, dimension: d.key, time: start, title })
                }}
                onDelete={() => {
                  if (h) void edit('highlights.delete', { id, highlightId: h.id })
                }}
              />
            )
          })}
        </tbody>
      </table>
      {rubric.dimensions.length === 0 && (
        <p className="empty">The rubric has no dimensions; each highlight belongs to one.</p>
      )}
    </div>
  )
}
