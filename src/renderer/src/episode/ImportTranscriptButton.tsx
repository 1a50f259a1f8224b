import { platform, type ChosenFile } from '../platform'
import { acceptFor } from '../../../shared/fileKinds'
import { BrowserFileButton } from '../BrowserFileButton'

/** The browser's file input, which the keyboard action opens. */
export const IMPORT_INPUT_ID = 'import-transcript-file'

/** Picks a transcript file: the native dialog on the desktop, a file input in the browser. */
export function ImportTranscriptButton(props: {
  onChosen: (file: ChosenFile) => void
  onError: (message: string) => void
}): React.JSX.Element {
  const { onChosen, onError } = props
  const choose = platform.chooseFile
  if (choose)
    return (
      <button
        type="button"
        onClick={() =>
          void choose('transcript').then(
            (f) => f && onChosen(f),
            (e: Error) => onError(e.message),
          )
        }
      >
        Import transcript…
      </button>
    )
  return (
    <BrowserFileButton
      text="Import transcript…"
      label="Import transcript"
      inputId={IMPORT_INPUT_ID}
      accept={acceptFor('transcript')}
      onFile={(file) =>
        platform.adoptFile(file, 'transcript').then(onChosen, (err: Error) => onError(err.message))
      }
    />
  )
}
