import { useState } from 'react'
import type { CodebookImport } from '../../../shared/contract'
import { BrowserFileButton } from '../BrowserFileButton'
import { call, platform, type ChosenFile } from '../platform'
import { useModalDialog } from '../useModalDialog'

/** What an import would make, before anything is written: its version, dimensions, scale and notes. */
function ImportPreview(props: {
  file: ChosenFile
  preview: CodebookImport
  onImport: () => void
  onClose: () => void
}): React.JSX.Element {
  const dialog = useModalDialog()
  const { codebook, notes } = props.preview
  return (
    <dialog ref={dialog} className="import-preview" aria-label="Import a codebook" onClose={props.onClose}>
      <h2>Import {props.file.name}</h2>
      <p>
        It would make draft version {codebook.version}: {codebook.dimensions.length}{' '}
        {codebook.dimensions.length === 1 ? 'dimension' : 'dimensions'} scored {codebook.scale.min}–
        {codebook.scale.max}. Nothing is written until you import.
      </p>
      <ol>
        {codebook.dimensions.map((d) => (
          <li key={d.key}>
            {d.label}
            {d.levels.length > 0 && ` (${d.levels.length} level descriptors)`}
          </li>
        ))}
      </ol>
      {notes.length > 0 && (
        <>
          <h3>What the reading decided</h3>
          <ul>
            {notes.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        </>
      )}
      <form method="dialog" className="actions">
        <button type="button" onClick={props.onImport}>
          Import as draft version {codebook.version}
        </button>{' '}
        <button type="submit" autoFocus>
          Cancel
        </button>
      </form>
    </dialog>
  )
}

/**
 * Import .qdc…: a REFI-QDA codebook file read first as a dry run (what it would make and what the
 * reading decided), then imported as the show's draft on the editor's word.
 */
export function ImportQdc(props: {
  show: string
  onImported: (made: CodebookImport) => void
  onError: (message: string) => void
}): React.JSX.Element {
  const [chosen, setChosen] = useState<{ file: ChosenFile; preview: CodebookImport } | null>(null)
  const read = async (file: File): Promise<void> => {
    try {
      const adopted = await platform.adoptFile(file, 'codebook')
      const preview = await call('codebook.import', { show: props.show, file: adopted.ref, dryRun: true })
      setChosen({ file: adopted, preview })
    } catch (e) {
      props.onError(e instanceof Error ? e.message : String(e))
    }
  }
  const importIt = async (): Promise<void> => {
    if (!chosen) return
    setChosen(null)
    try {
      props.onImported(await call('codebook.import', { show: props.show, file: chosen.file.ref }))
    } catch (e) {
      props.onError(e instanceof Error ? e.message : String(e))
    }
  }
  return (
    <>
      <BrowserFileButton
        text="Import .qdc…"
        label="Import a REFI-QDA codebook"
        accept=".qdc"
        onFile={(file) => void read(file)}
      />
      {chosen && (
        <ImportPreview
          file={chosen.file}
          preview={chosen.preview}
          onImport={() => void importIt()}
          onClose={() => setChosen(null)}
        />
      )}
    </>
  )
}
