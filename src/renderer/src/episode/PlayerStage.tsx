import { useCallback, useEffect, useRef, useState, type ComponentProps } from 'react'
import type { EpisodeView } from '../../../shared/contract'
import type { Edit } from './editorPanelProps'
import { KeptTextOffer } from './KeptTextOffer'
import { MediaLengthBanner } from './MediaLengthBanner'
import { PlayerSplitter } from './PlayerSplitter'
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
  /** The video's height as the editor kept it (null: automatic), and how to keep another. */
  playerHeight: { kept: number | null; keep: (height: number | null) => void }
}): React.JSX.Element {
  const { view, edit, review, setMedia, mediaSrc, playerHeight } = props
  const Player = view.media?.kind === 'video' ? 'video' : 'audio'
  const shown = view.media?.available === true && !view.media.changed
  // While the line is dragged, the height it is at; kept (and so shown from the preferences) on release.
  const [dragged, setDragged] = useState<number | null>(null)
  const height = dragged ?? playerHeight.kept
  const video = useRef<HTMLElement | null>(null)
  const measure = useCallback(() => video.current?.getBoundingClientRect().height ?? 0, [])
  const [element, setElement] = useState<HTMLMediaElement | null>(null)
  const playerRef = useCallback((mounted: HTMLMediaElement | null) => {
    video.current = mounted
    setElement(mounted)
  }, [])
  // Playable only once it has its source: a play() before the source arrives is cut off by that load
  // ("interrupted by a new load request"), which a Space pressed right after opening would meet.
  useEffect(() => setMedia(mediaSrc === undefined ? null : element), [element, mediaSrc, setMedia])
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
        {shown && view.media && (
          <Player
            key={`player-${view.media.fileName}`}
            ref={playerRef}
            className={Player}
            style={Player === 'video' && height !== null ? { height, maxHeight: 'none' } : undefined}
            src={mediaSrc}
            preload="metadata"
            controls={Player === 'video'}
          />
        )}
        {review && <ReviewCard {...review} />}
      </div>
      {shown && Player === 'video' && (
        <PlayerSplitter
          height={height}
          measure={measure}
          onDrag={setDragged}
          onKeep={(kept) => {
            setDragged(null)
            playerHeight.keep(kept)
          }}
        />
      )}
    </>
  )
}
