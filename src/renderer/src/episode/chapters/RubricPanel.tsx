import { useEffect, useRef, useState } from 'react'
import type { EditorPanelProps } from '../editorPanelProps'
import { DimensionRow, type MoveControl } from './DimensionRow'
import { TableHead } from '../../TableHead'
import { TEXT_LIMITS } from '../../../../shared/textLimits'
import { overLimit, TextLimit } from '../../fields/TextLimit'

/** The dimensions chapters are scored on: their texts, order, adding and removing, and the default rubric. */
export function RubricPanel(props: EditorPanelProps): React.JSX.Element {
  const { view, episodeId: id, edit } = props
  const { dimensions, scale } = view.rubric
  const [newLabel, setNewLabel] = useState('')
  const [confirming, setConfirming] = useState<string | null>(null)
  // The rubric as it was when saved as the default; "Saved" shows while it is still this one.
  const [savedAs, setSavedAs] = useState<string | null>(null)
  const current = JSON.stringify(dimensions)
  const body = useRef<HTMLTableSectionElement>(null)
  // A moved row may be taken out of the page and put back, losing the focus: it is given back once
  // the core's answer is drawn.
  const refocus = useRef<{ key: string; control: MoveControl } | null>(null)
  useEffect(() => {
    const wanted = refocus.current
    const row = wanted && body.current?.querySelector<HTMLElement>(`tr[data-key="${wanted.key}"]`)
    if (!wanted || !row) return
    refocus.current = null
    const button =
      wanted.control === 'row'
        ? null
        : row.querySelector<HTMLButtonElement>(`button[data-move="${wanted.control}"]:not(:disabled)`)
    ;(button ?? row).focus()
  }, [dimensions])

  const move = (key: string, to: number, control: MoveControl): void => {
    refocus.current = { key, control }
    void edit('rubric.move', { id, key, to }).then((r) => {
      if (!r) refocus.current = null
    })
  }
  const add = (e: React.FormEvent): void => {
    e.preventDefault()
    const label = newLabel.trim()
    if (!label) return
    void edit('rubric.add', { id, label }).then((r) => {
      if (r) setNewLabel('')
    })
  }
  const saveDefault = (): void => {
    void edit('rubric.saveDefault', { id }).then((r) => {
      if (r) setSavedAs(current)
    })
  }

  return (
    <div className="rubric-panel">
      <p className="hint">
        Chapters are scored {scale.min}–{scale.max} on each dimension. Alt+↑/↓ on a row moves it.
      </p>
      <table className="rubric" aria-label="Rubric">
        <TableHead
          scoped
          columns={[
            'Order',
            'Key',
            'Label',
            'Highlight label',
            'Description',
            { label: 'Actions', hidden: true },
          ]}
        />
        <tbody ref={body}>
          {dimensions.map((d, index) => (
            <DimensionRow
              key={d.key}
              dimension={d}
              index={index}
              count={dimensions.length}
              confirmingRemoval={confirming === d.key}
              onPatch={(patch) => void edit('rubric.update', { id, key: d.key, patch })}
              onMove={(to, control) => move(d.key, to, control)}
              onAskRemoval={() => setConfirming(d.key)}
              onRemove={() => {
                setConfirming(null)
                void edit('rubric.remove', { id, key: d.key })
              }}
              onKeep={() => setConfirming(null)}
              refusals={props.refusals}
            />
          ))}
        </tbody>
      </table>
      {dimensions.length === 0 && <p className="empty">No dimensions: add one to score chapters on.</p>}
      <form className="add-dimension" onSubmit={add}>
        <input
          aria-label="New dimension label"
          placeholder="New dimension, e.g. Host humour"
          value={newLabel}
          onChange={(e) => setNewLabel(e.target.value)}
        />
        <button type="submit" disabled={!newLabel.trim() || overLimit(newLabel, TEXT_LIMITS.name)}>
          Add dimension
        </button>
        <TextLimit text={newLabel} limit={TEXT_LIMITS.name} />
        <span className="spacer" />
        <button type="button" onClick={saveDefault}>
          Save as default for new episodes
        </button>
        {savedAs === current && (
          <span role="status" className="saved">
            Saved
          </span>
        )}
      </form>
    </div>
  )
}
