import type { EpisodeView } from '../../../shared/contract'
import { call, platform, type ChosenFile } from '../platform'
import { acceptFor } from '../../../shared/fileKinds'

/** Offered when the episode's media file is gone: the analysis stays editable meanwhile. */
export function RelinkMedia(props: {
  episodeId: string
  fileName: string
  onRelinked: (view: EpisodeView, sameContent: boolean) => void
  onError: (message: string) => void
}): React.JSX.Element {
  const { episodeId, fileName, onRelinked, onError } = props
  const relink = (chosen: ChosenFile | null): void => {
    if (!chosen) return
    call('episodes.relinkMedia', { id: episodeId, media: chosen.ref }).then(
      ({ view, sameContent }) => onRelinked(view, sameContent),
      (e: Error) => onError(e.message),
    )
  }
  const choose = platform.chooseFile
  return (
    <div role="alert" className="error relink">
      The media file {fileName} is missing or was moved. The analysis stays editable.{' '}
      {choose ? (
        <button
          type="button"
          onClick={() => void choose('media').then(relink, (e: Error) => onError(e.message))}
        >
          Relink media…
        </button>
      ) : (
        <label>
          Relink media…{' '}
          <input
            type="file"
            aria-label="Relink media"
            accept={acceptFor('media')}
            onChange={(e) => {
              const file = e.target.files?.[0]
              if (file) platform.adoptFile(file, 'media').then(relink, (err: Error) => onError(err.message))
            }}
          />
        </label>
      )}
    </div>
  )
}
