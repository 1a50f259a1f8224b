import type { ComponentProps } from 'react'
import type { EpisodeView } from '../../../shared/contract'
import type { Edit } from './editorPanelProps'
import { KeptTextOffer } from './KeptTextOffer'
import { MediaLengthBanner } from './MediaLengthBanner'
import { RelinkMedia } from './RelinkMedia'
import { ReviewCard } from './review/ReviewCard'

/**
 * The top of the player column: what the editor is told of the media (cut short, moved, changed, text
 * kept from a closed window), then the player with the card of the item under review beside it.
 */
export function PlayerStage(props: {
  episodeId: string
  view: EpisodeView
  edit: Edit
  notices: { notify: (text: string) => void; error: (message: string) => void }
  setMedia: (media: HTMLMediaElement | null) => void
  /** Set once the media may start loading. */
  mediaSrc: string | undefined
  /** The review card's props while an item is under review; null otherwise. */
  review: ComponentProps<typeof ReviewCard> | null
}): React.JSX.Element {
  const { view, edit, review, setMedia, mediaSrc } = props
  const Player = view.media?.kind === 'video' ? 'video' : 'audio'
  return (
    <>
      <MediaLengthBanner view={view} />
      <KeptTextOffer episodeId={props.episodeId} edit={edit} />
      {view.media && (!view.media.available || view.media.changed) && (
        <RelinkMedia
          episodeId={props.episodeId}
          fileName={view.media.fileName}
          changed={view.media.available && view.media.changed}
          edit={edit}
          onNotice={props.notices.notify}
          onError={props.notices.error}
        />
      )}
      <div className={review ? 'stage reviewing' : 'stage'}>
        {view.media?.available && !view.media.changed && (
          <Player
            key={`player-${view.media.fileName}`}
            ref={setMedia}
            className={Player}
            src={mediaSrc}
            preload="metadata"
            controls={Player === 'video'}
          />
        )}
        {review && <ReviewCard {...review} />}
      </div>
    </>
  )
}
