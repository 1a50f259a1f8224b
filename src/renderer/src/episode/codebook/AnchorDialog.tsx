import { useEffect, useRef, useState } from 'react'
import type { EpisodeView } from '../../../../shared/contract'
import { ModalForm } from '../../ModalForm'
import { call } from '../../platform'
import { useModalDialog } from '../../useModalDialog'
import { anchorInWords, heldAnchorChoice } from './anchorTarget'
import { focusedDimension } from './DefinitionDialog'

/**
 * Add as Codebook Anchor: the moment the command took (a chapter's score, a statement, words of the
 * transcript), the dimension it is an anchor of and what it shows, added to the show's codebook draft.
 * A refusal is the core's sentence, in the dialog, and the fields stay as typed.
 */
export function AnchorDialog(props: {
  view: EpisodeView
  onClose: () => void
  notify: (notice: string) => void
}): React.JSX.Element {
  const dialog = useModalDialog()
  const { view } = props
  // Read as the dialog first draws, before it takes the focus the choice was read from.
  const [choice] = useState(heldAnchorChoice)
  const dimensions = view.rubric.dimensions
  const [dimension, setDimension] = useState(
    () => choice?.dimension ?? focusedDimension(view) ?? dimensions[0]?.key ?? '',
  )
  const [note, setNote] = useState('')
  const [refusal, setRefusal] = useState<string | null>(null)
  const [adding, setAdding] = useState(false)
  const show = view.summary.show
  // After the dialog is shown modal (which focuses its first field): the note is what is typed.
  const noteField = useRef<HTMLTextAreaElement>(null)
  useEffect(() => noteField.current?.focus(), [])
  const add = (): void => {
    if (!choice || adding) return
    setAdding(true)
    call('codebook.addAnchor', { dimension, target: choice.target, note }).then(
      ({ draft }) => {
        props.notify(
          `Anchor added to ${draft.show}’s codebook draft, version ${draft.version}: publish it from the codebook`,
        )
        dialog.current?.close()
      },
      (e: Error) => {
        setAdding(false)
        setRefusal(e.message)
      },
    )
  }
  return (
    <ModalForm
      dialogRef={dialog}
      className="anchor-dialog"
      title="Add as codebook anchor"
      onClose={props.onClose}
      onSubmit={add}
    >
      <p>
        {choice ? anchorInWords(view, choice.target) : 'Nothing chosen'}, as an anchor in{' '}
        {show ? `${show}’s` : 'the show’s'} codebook draft.
      </p>
      <label>
        Dimension{' '}
        <select value={dimension} onChange={(e) => setDimension(e.target.value)}>
          {dimensions.map((d) => (
            <option key={d.key} value={d.key}>
              {d.label}
            </option>
          ))}
        </select>
      </label>
      <label className="note">
        What it shows
        <textarea
          value={note}
          rows={3}
          maxLength={2000}
          placeholder="a 7: the guest corrects the host with a source"
          onChange={(e) => setNote(e.target.value)}
          ref={noteField}
        />
      </label>
      {refusal && (
        <p role="alert" className="field-error">
          {refusal}
        </p>
      )}
      <footer>
        <button type="button" onClick={() => dialog.current?.close()}>
          Cancel
        </button>
        <button type="submit" className="primary" disabled={adding}>
          Add anchor
        </button>
      </footer>
    </ModalForm>
  )
}
