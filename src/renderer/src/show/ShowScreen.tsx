import { isLibraryCommand, type LibraryCommand } from '../../../shared/commands'
import { BackToLibraryBar } from '../BackToLibraryBar'
import { go } from '../routes'
import { useMenuCommand } from '../useMenuCommand'
import { BalanceRows } from './BalanceRows'
import { CountedAnalysisChoice } from './CountedAnalysisChoice'
import { DriftSection } from './DriftSection'
import { ScoreDistribution } from './ScoreDistribution'
import { TrendChart } from './TrendChart'
import { TrendTable } from './TrendTable'
import { useShowTrends } from './useShowTrends'
import './show.css'

/**
 * A show's trends: each dimension's average per episode over time, who speaks in each episode, and how
 * the show's scores spread. Every episode drawn opens from here.
 */
export function ShowScreen(props: {
  show: string
  onBack: () => void
  onOpen: (id: string) => void
  /** File > New or Open (or a restore) chosen here: the library carries it out. */
  onLibraryCommand: (command: LibraryCommand) => void
}): React.JSX.Element {
  const { show, onOpen, onLibraryCommand } = props
  const { state, choose } = useShowTrends(show)
  useMenuCommand((command) => {
    if (isLibraryCommand(command)) onLibraryCommand(command)
  })
  const count = state.kind === 'ready' ? state.trends.episodes.length : null
  return (
    <main className="show-page">
      <BackToLibraryBar title={show} count={count} onBack={props.onBack}>
        <button type="button" onClick={() => go({ screen: 'codebook', show })}>
          Codebook
        </button>
      </BackToLibraryBar>
      <div className="show-body">
        {state.kind === 'loading' && <p className="hint">Reading the show’s episodes…</p>}
        {state.kind === 'failed' && (
          <p role="alert" className="field-error">
            {state.message}
          </p>
        )}
        {state.kind === 'ready' && (
          <>
            <section aria-labelledby="show-trend-heading">
              <h2 id="show-trend-heading">Scores over time</h2>
              <p className="hint">
                Each episode’s average per dimension: the mean of its scored chapters’ scores, as its Chapters
                table and published page give it. Hover or focus a point for the reasoning behind it; a click
                opens the analysis counted.
              </p>
              <TrendChart trends={state.trends} onOpen={onOpen} />
              <TrendTable trends={state.trends} onOpen={onOpen} />
            </section>
            <CountedAnalysisChoice trends={state.trends} onChoose={choose} />
            <section aria-labelledby="show-balance-heading">
              <h2 id="show-balance-heading">Speaking balance</h2>
              <BalanceRows episodes={state.trends.episodes} onOpen={onOpen} />
              <p className="hint balance-key">
                <i className="swatch share-host" aria-hidden="true" /> hosts{' '}
                <i className="swatch share-guest" aria-hidden="true" /> guests{' '}
                <i className="swatch share-other" aria-hidden="true" /> others
              </p>
            </section>
            <section aria-labelledby="show-distribution-heading">
              <h2 id="show-distribution-heading">Score distribution</h2>
              <ScoreDistribution trends={state.trends} />
            </section>
            <DriftSection
              show={show}
              labels={new Map(state.trends.dimensions.map((d) => [d.key, d.label]))}
            />
          </>
        )}
      </div>
    </main>
  )
}
