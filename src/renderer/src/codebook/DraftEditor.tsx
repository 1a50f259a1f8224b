import type { CodebookScreenState } from './useCodebookScreen'
import { useEffect, useRef, useState } from 'react'
import type { CodebookDimension, CodebookVersion } from '../../../shared/codebook'
import { isMac } from '../commands/shortcuts'
import { AddDimension } from './AddDimension'
import { anchorPlace } from './DimensionView'
import { LevelsEditor } from './LevelsEditor'
import type { DraftContent } from './useCodebookScreen'

const SAVE_KEY = isMac ? '⌘S' : 'Ctrl+S'

/**
 * The draft version being edited: the scale, and per dimension (in order: Up and Down move one) its
 * label, definition, level descriptors and anchors (added from an episode; removed here). Saving sends it whole; the core refuses descriptors that
 * leave a gap or overlap, naming the scores, and the draft stays as typed to be put right.
 */
export function DraftEditor(props: {
  draft: CodebookVersion
  /** The screen's own save, publish and close of the draft (useCodebookScreen). */
  screen: Pick<CodebookScreenState, 'save' | 'publish' | 'closeDraft'>
}): React.JSX.Element {
  const [content, setContent] = useState<DraftContent>(() => ({
    scale: { ...props.draft.scale },
    dimensions: props.draft.dimensions.map((d) => ({ ...d, levels: d.levels.map((l) => ({ ...l })) })),
  }))
  // The core's refusal of the last save or publish, naming the scores; gone once one succeeds.
  const [refusal, setRefusal] = useState<string | null>(null)
  const save = (): void => void props.screen.save(content).then(setRefusal)
  /** Moves a dimension one place up or down; the focus stays on the button pressed, at its new place. */
  const move = (key: string, by: -1 | 1): void => {
    setContent((c) => {
      const from = c.dimensions.findIndex((d) => d.key === key)
      const to = from + by
      if (from < 0 || to < 0 || to >= c.dimensions.length) return c
      const dimensions = [...c.dimensions]
      ;[dimensions[from], dimensions[to]] = [
        dimensions[to] as CodebookDimension,
        dimensions[from] as CodebookDimension,
      ]
      return { ...c, dimensions }
    })
    moved.current = { key, by }
  }
  // After a move, the focus on the button pressed at its new place, or on the other one when that one
  // is now at an end (and disabled): Up, Up, Up from the keyboard goes on moving the same dimension.
  const moved = useRef<{ key: string; by: -1 | 1 } | null>(null)
  useEffect(() => {
    const last = moved.current
    if (!last) return
    moved.current = null
    const button = (side: 'up' | 'down'): HTMLButtonElement | null =>
      document.querySelector<HTMLButtonElement>(`[data-move="${side}-${CSS.escape(last.key)}"]`)
    const pressed = button(last.by < 0 ? 'up' : 'down')
    ;(pressed && !pressed.disabled ? pressed : button(last.by < 0 ? 'down' : 'up'))?.focus()
  }, [content])
  const patch = (key: string, p: Partial<CodebookDimension>): void =>
    setContent((c) => ({ ...c, dimensions: c.dimensions.map((d) => (d.key === key ? { ...d, ...p } : d)) }))
  const scaleField = (edge: 'min' | 'max', name: string): React.JSX.Element => (
    <label>
      {name}{' '}
      <input
        type="number"
        value={content.scale[edge]}
        onChange={(e) => {
          const n = Number(e.target.value)
          if (e.target.value.trim() !== '' && Number.isInteger(n))
            setContent((c) => ({ ...c, scale: { ...c.scale, [edge]: n } }))
        }}
      />
    </label>
  )
  return (
    <form
      className="draft-editor"
      aria-label={`Draft version ${props.draft.version}`}
      onSubmit={(e) => {
        e.preventDefault()
        save()
      }}
      onKeyDown={(e) => {
        // Ctrl+S (⌘S) saves from any field, as in any editor.
        if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
          e.preventDefault()
          save()
        }
      }}
    >
      <h2>Draft version {props.draft.version}</h2>
      <fieldset className="scale">
        <legend>Scale</legend>
        {scaleField('min', 'Lowest score')} {scaleField('max', 'Highest score')}
      </fieldset>
      {content.dimensions.map((d, i) => (
        <fieldset key={d.key} className="draft-dimension">
          <legend>
            {d.label} <code>{d.key}</code>
          </legend>
          <label>
            Label{' '}
            <input type="text" value={d.label} onChange={(e) => patch(d.key, { label: e.target.value })} />
          </label>
          <label>
            Highlight label{' '}
            <input
              type="text"
              value={d.highlightLabel}
              onChange={(e) => patch(d.key, { highlightLabel: e.target.value })}
            />
          </label>
          <span className="order">
            <button
              type="button"
              data-move={`up-${d.key}`}
              aria-label={`Move ${d.label} up`}
              disabled={i === 0}
              onClick={() => move(d.key, -1)}
            >
              ↑ Up
            </button>{' '}
            <button
              type="button"
              data-move={`down-${d.key}`}
              aria-label={`Move ${d.label} down`}
              disabled={i === content.dimensions.length - 1}
              onClick={() => move(d.key, 1)}
            >
              ↓ Down
            </button>
          </span>{' '}
          <button
            type="button"
            onClick={() =>
              setContent((c) => ({ ...c, dimensions: c.dimensions.filter((x) => x.key !== d.key) }))
            }
          >
            Remove {d.label}
          </button>
          <label className="definition">
            Definition
            <textarea
              value={d.definition}
              rows={3}
              onChange={(e) => patch(d.key, { definition: e.target.value })}
            />
          </label>
          <LevelsEditor
            label={d.label}
            levels={d.levels}
            scale={content.scale}
            onChange={(levels) => patch(d.key, { levels })}
          />
          {d.anchors.length > 0 && (
            <ul className="anchors" aria-label={`Anchors of ${d.label}`}>
              {d.anchors.map((a) => (
                <li key={a.id}>
                  {anchorPlace(a)} of {a.target.episodeId}
                  {a.note ? `: ${a.note}` : ''}{' '}
                  <button
                    type="button"
                    aria-label={`Remove the anchor ${anchorPlace(a)} of ${a.target.episodeId}`}
                    onClick={() => patch(d.key, { anchors: d.anchors.filter((x) => x.id !== a.id) })}
                  >
                    Remove
                  </button>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
      ))}
      <AddDimension
        keys={content.dimensions.map((d) => d.key)}
        onAdd={(d) => setContent((c) => ({ ...c, dimensions: [...c.dimensions, d] }))}
      />
      {refusal && (
        <p role="alert" className="field-error">
          {refusal}
        </p>
      )}
      <p className="actions">
        <button type="submit">Save draft ({SAVE_KEY})</button>{' '}
        <button type="button" onClick={() => void props.screen.publish(content).then(setRefusal)}>
          Publish version {props.draft.version}
        </button>{' '}
        <button type="button" onClick={props.screen.closeDraft}>
          Close the draft
        </button>
      </p>
    </form>
  )
}
