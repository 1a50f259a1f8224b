import { useState } from 'react'
import type { EpisodeView } from '../../../../shared/contract'
import { go } from '../../routes'
import { useModalDialog } from '../../useModalDialog'
import { focusedCiteTarget } from '../evidence/citeTarget'
import { useCodebookHere } from './AnalysisCodebook'
import { levelInWords } from './LevelLine'

/** The dimension the focus is on: a score's, a highlight's, or a row that names its dimension. */
export function focusedDimension(view: EpisodeView): string | null {
  const target = focusedCiteTarget()
  if (target?.kind === 'score') return target.dimension
  if (target?.kind === 'highlight')
    return view.highlights.find((h) => h.id === target.highlightId)?.dimension ?? null
  return document.activeElement?.closest('[data-dimension]')?.getAttribute('data-dimension') ?? null
}

/**
 * The focused score's dimension as the codebook has it (the version the analysis was scored under): its
 * definition and what each score means. With no score focused, every dimension, in order.
 */
export function DefinitionDialog(props: { view: EpisodeView; onClose: () => void }): React.JSX.Element {
  const dialog = useModalDialog()
  const { version } = useCodebookHere()
  // Read as the dialog first draws, before it takes the focus from the score.
  const [key] = useState(() => focusedDimension(props.view))
  const rubric = props.view.rubric.dimensions
  const shown = rubric.filter((d) => key === null || d.key === key)
  const title = shown.length === 1 ? (shown[0]?.label ?? '') : 'The codebook’s dimensions'
  const show = props.view.summary.show
  return (
    <dialog ref={dialog} className="definition-dialog" aria-label={title} onClose={props.onClose}>
      <h2>{title}</h2>
      <p className="hint">
        {version
          ? `${show}’s codebook, version ${version.version}: the one this analysis was scored under`
          : 'No codebook version for this analysis: the rubric’s own description'}
      </p>
      {shown.map((d) => {
        const coded = version?.dimensions.find((c) => c.key === d.key)
        const definition = (coded?.definition ?? d.description).trim()
        return (
          <section key={d.key} aria-label={d.label}>
            {shown.length > 1 && <h3>{d.label}</h3>}
            <p>{definition || 'No definition written yet.'}</p>
            {coded && coded.levels.length > 0 && (
              <ul className="levels">
                {coded.levels.map((l) => (
                  <li key={l.from}>{levelInWords(l)}</li>
                ))}
              </ul>
            )}
          </section>
        )
      })}
      <form method="dialog" className="actions">
        {show !== '' && (
          <button type="button" onClick={() => go({ screen: 'codebook', show })}>
            Open the codebook
          </button>
        )}
        <button type="submit" autoFocus>
          Close
        </button>
      </form>
    </dialog>
  )
}
