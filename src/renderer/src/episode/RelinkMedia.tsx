import { platform, type ChosenFile } from '../platform'
import type { Edit } from './editorPanelProps'
import { acceptFor } from '../../../shared/fileKinds'
import { BrowserFileButton } from '../BrowserFileButton'

/**
 * Offered when the episode's media file is gone, or was replaced on disk by other content (`changed`):
 * the analysis stays editable meanwhile.
 */
export function RelinkMedia(props: {
  episodeId: string
  fileName: string
  changed?: boolean
  edit: Edit
  onNotice: (notice: string) => void
  onError: (message: string) => void
}): React.JSX.Element {
  const { episodeId, fileName, edit, onNotice, onError } = props
  const relink = (chosen: ChosenFile | null): void => {
    if (!chosen) return
    void edit('episodes.relinkMedia', { id: episodeId, media: chosen.ref }).then((r) => {
      if (!r) return
      const name = r.view.media?.fileName
      onNotice(
        r.sameContent
          ? `Media relinked: ${name ?? ''}`
          : `Warning: ${name ?? 'the new file'} is not the file this episode was made from (different content). Check that the times still match.`,
      )
    })
  }
  const choose = platform.chooseFile
  return (
    <div role="alert" className="error relink">
      {props.changed
        ? `The media file ${fileName} was replaced on disk by other content since this episode was made, so it is not played: relink it to use it (check that the times still match), or put the original back.`
        : `The media file ${fileName} is missing or was moved.`}{' '}
      The analysis stays editable.{' '}
      {choose ? (
        <button
          type="button"
          onClick={() => void choose('media').then(relink, (e: Error) => onError(e.message))}
        >
          Relink media…
        </button>
      ) : (
        <BrowserFileButton
          text="Relink media…"
          label="Relink media"
          accept={acceptFor('media')}
          onFile={(file) =>
            platform.adoptFile(file, 'media').then(relink, (err: Error) => onError(err.message))
          }
        />
      )}
    </div>
  )
}
