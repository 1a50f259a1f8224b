import { useEffect, useState } from 'react'
import type { CodebookVersion } from '../../../../shared/codebook'
import type { EpisodeView } from '../../../../shared/contract'
import { shortcutOf } from '../../commands/shortcuts'
import { call } from '../../platform'
import { go } from '../../routes'
import type { Edit } from '../editorPanelProps'
import { OnceButton } from '../OnceButton'
import { useCodebookHere } from './AnalysisCodebook'
import { changesInWords, movedInWords } from './changesInWords'

/**
 * An analysis scored under an older codebook version (or none) says so above the editor, with what
 * changed since, and offers to move it to the current version: one undoable step, after which the
 * status line says how many scores were flagged for rescoring.
 */
export function CodebookBanner(props: {
  id: string
  view: EpisodeView
  edit: Edit
  notify: (notice: string) => void
}): React.JSX.Element | null {
  const { id, view, edit } = props
  const { standing } = useCodebookHere()
  const show = view.summary.show
  const [current, setCurrent] = useState<CodebookVersion | null>(null)
  const wanted = standing?.changes ? standing.current : null
  // The current version's labels name what it added (the analysis's own rubric names the rest).
  useEffect(() => {
    if (wanted === null || show === '') return
    let live = true
    call('codebook.get', { show, version: wanted }).then(
      (v) => live && setCurrent(v),
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [show, wanted])
  if (!standing?.changes || standing.current === null) return null
  const { changes } = standing
  const target = standing.current
  const labels = new Map([
    ...(current?.dimensions ?? []).map((d) => [d.key, d.label] as const),
    ...view.rubric.dimensions.map((d) => [d.key, d.label] as const),
  ])
  const move = async (): Promise<void> => {
    const done = await edit('codebook.moveAnalysis', { id })
    if (done) props.notify(movedInWords(target, done.flagged, shortcutOf('edit.undo')))
  }
  return (
    <section className="codebook-banner" role="region" aria-label="Codebook version">
      <p>
        {standing.stamped === null
          ? `This analysis was not scored under ${show}’s codebook; version ${target} is current.`
          : `This analysis was scored under codebook version ${standing.stamped}; version ${target} is current.`}
      </p>
      <ul>
        {changesInWords(changes, (key) => labels.get(key) ?? key).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p className="actions">
        <OnceButton onAct={move}>Move to version {target}</OnceButton>{' '}
        <button type="button" onClick={() => go({ screen: 'codebook', show })}>
          Open the codebook
        </button>
      </p>
    </section>
  )
}
