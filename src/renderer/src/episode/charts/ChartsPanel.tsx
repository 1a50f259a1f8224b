import type { EditorPanelProps } from '../editorPanelProps'
import { shortcutOf } from '../../commands/shortcuts'
import { ScoreChart } from './ScoreChart'
import { ScoreSummaryLine } from './ScoreSummaryLine'
import { SpeakingBalanceChart } from './SpeakingBalanceChart'

/** What the published page draws from the analysis: the averages, the scores per chapter, who speaks when. */
export function ChartsPanel(props: EditorPanelProps): React.JSX.Element {
  const { view, selection, select, seek } = props
  const { min, max } = view.rubric.scale
  return (
    <section className="charts-panel" aria-label="Charts">
      <h3>How this conversation actually went</h3>
      <p className="hint">
        Every chapter scored {min}–{max} on {view.rubric.dimensions.length}{' '}
        {view.rubric.dimensions.length === 1 ? 'dimension' : 'dimensions'}. Hover or focus a point for the
        reasoning behind the score; click it to go to the chapter.
      </p>
      <ScoreSummaryLine view={view} />
      {view.chapters.length === 0 ? (
        <p className="empty">
          No chapters yet: split the episode into chapters (<kbd>{shortcutOf('chapter.split')}</kbd> at the
          playhead) and score them in Chapters &amp; scores; the charts draw the scores.
        </p>
      ) : (
        <ScoreChart
          view={view}
          selection={selection}
          onPick={(chapter) => {
            select({ kind: 'chapter', id: chapter.id })
            seek(chapter.start)
          }}
        />
      )}
      <h3>Speaking balance</h3>
      {view.speakingBalance ? (
        <SpeakingBalanceChart balance={view.speakingBalance} />
      ) : (
        <p className="empty">
          {view.transcript.segmentCount === 0
            ? 'No speaking balance: this episode has no transcript yet.'
            : 'No speaking balance yet: map the transcript’s speakers to participants with roles first (Speakers… in the transcript).'}
        </p>
      )}
    </section>
  )
}
