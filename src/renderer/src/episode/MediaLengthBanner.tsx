import type { EpisodeView } from '../../../shared/contract'
import { mediaLengthMessage } from '../../../shared/problems'

/** Says so when the media decodes to another length than its file declares (a file cut short). */
export function MediaLengthBanner(props: { view: EpisodeView }): React.JSX.Element | null {
  const message = mediaLengthMessage(props.view)
  if (message === null) return null
  return (
    <p role="alert" className="error media-length">
      {message}
    </p>
  )
}
