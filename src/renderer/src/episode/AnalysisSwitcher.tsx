import type { LibraryAnalysis } from '../../../shared/agreement'
import { go } from '../routes'

/**
 * An analysis as the editor tells them apart: as the library names it, "reviewer · kind · date" (the
 * machine's run stays the machine's once reviewed; a consensus says so), never its bare id.
 */
export const analysisName = (a: LibraryAnalysis): string => a.name

/**
 * Which analysis of the episode is open, when the library holds several (reviewers, machine runs, a
 * consensus), and a switch to another; a consensus also leads back to its choices.
 */
export function AnalysisSwitcher({
  id,
  analyses,
}: {
  id: string
  /** As the editor's context asked for them (once per episode). */
  analyses: readonly LibraryAnalysis[] | null
}): React.JSX.Element | null {
  if (!analyses || analyses.length < 2) return null
  const open = analyses.find((a) => a.id === id)
  return (
    <>
      <label className="analysis-switcher">
        {/* Named, not shown: the bar has no room for the word at 1280 px, and the names say what they are. */}
        <span className="visually-hidden">Analysis</span>
        <select
          value={id}
          title={open && analysisName(open)}
          onChange={(e) => go({ screen: 'episode', id: e.target.value, at: null })}
        >
          {analyses.map((a) => (
            <option key={a.id} value={a.id}>
              {analysisName(a)}
            </option>
          ))}
        </select>
      </label>
      {open?.consensus && (
        <button type="button" onClick={() => go({ screen: 'consensus', id })}>
          Consensus choices…
        </button>
      )}
    </>
  )
}
