import { useMemo } from 'react'
import type { AgreementDetail, LibraryAnalysis } from '../../../shared/agreement'
import { isLibraryCommand, type LibraryCommand } from '../../../shared/commands'
import { StatusLine } from '../StatusLine'
import { useMenuCommand } from '../useMenuCommand'
import { AnalysisPicker } from './AnalysisPicker'
import { analysisNames, unitSpreads } from './agreementReading'
import { DimensionAgreement } from './DimensionAgreement'
import { StatementAgreement } from './StatementAgreement'
import { BuildConsensusButton } from './BuildConsensusButton'
import { useAgreement } from './useAgreement'
import './compare.css'

/** The measures of one comparison: units, each dimension's alpha and strips, statements. */
function AgreementView(props: {
  detail: AgreementDetail
  /** The library's analyses of the episode, whose names the strips take. */
  analyses: readonly LibraryAnalysis[] | null
  onOpen: (id: string, start: number) => void
}): React.JSX.Element {
  const { detail, analyses } = props
  const names = useMemo(
    () => analysisNames(detail.analyses, new Map(analyses?.map((a) => [a.id, a.name]))),
    [detail, analyses],
  )
  const measured = Object.keys(detail.dimensions)
  return (
    <>
      <p>
        <b>{detail.units} units</b>: the timeline cut at every chapter edge of every analysis; each analysis
        rates a unit with the score of its chapter there. A unit is as wide as it lasts; a click (or Enter)
        opens that analysis there.
      </p>
      {measured.map((key) => {
        const ratings = detail.ratings[key] ?? []
        const spreads = unitSpreads(ratings, detail.units)
        return (
          <DimensionAgreement
            key={key}
            label={detail.labels[key] ?? key}
            measured={detail.dimensions[key] as AgreementDetail['dimensions'][string]}
            analyses={detail.analyses}
            names={names}
            units={detail.unitSpans.map((span, u) => ({ ...span, spread: spreads[u] ?? null }))}
            ratings={ratings}
            scale={detail.scales[key] ?? { min: 0, max: 10 }}
            lacking={detail.partial[key] ?? []}
            onOpen={(i, start) => props.onOpen(detail.analyses[i]?.source ?? '', start)}
          />
        )
      })}
      <StatementAgreement detail={detail} names={names} />
    </>
  )
}

/**
 * How far the analyses of one episode agree (several reviewers, machine runs): the editor ticks which to
 * compare, reads alpha per dimension against Krippendorff's bands, and sees where along the timeline
 * the scores part.
 */
export function CompareScreen(props: {
  id: string
  onBack: () => void
  onOpenAt: (id: string, at: number) => void
  /** A consensus was built from the analyses compared: its screen. */
  onConsensus: (id: string) => void
  /** File > New or Open (or a restore) chosen here: the library carries it out. */
  onLibraryCommand: (command: LibraryCommand) => void
}): React.JSX.Element {
  const state = useAgreement(props.id)
  const { onLibraryCommand } = props
  useMenuCommand((command) => {
    if (isLibraryCommand(command)) onLibraryCommand(command)
  })
  const title = state.analyses?.find((a) => a.id === props.id)?.title
  return (
    <main className="compare">
      <header className="bar">
        <button type="button" onClick={props.onBack} aria-label="Back to the episode">
          ← Episode
        </button>
        <h1>Compare analyses</h1>
        {title && <span className="meta">{title}</span>}
        <BuildConsensusButton ids={state.chosen} onBuilt={props.onConsensus} onError={state.showError} />
      </header>
      <div className="compare-body">
        {state.analyses && (
          <AnalysisPicker analyses={state.analyses} chosen={state.chosen} onToggle={state.toggle} />
        )}
        {state.detail && (
          <AgreementView detail={state.detail} analyses={state.analyses} onOpen={props.onOpenAt} />
        )}
      </div>
      <StatusLine
        error={state.error}
        notice={null}
        dismissError={state.dismissError}
        dismissNotice={() => undefined}
      />
    </main>
  )
}
