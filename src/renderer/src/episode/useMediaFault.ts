import { useEffect } from 'react'
import type { EpisodeView } from '../../../shared/contract'
import { call } from '../platform'
import { createScope } from '../scope'

export const MEDIA_UNREADABLE =
  'The media file could not be read (moved or deleted?): put it back and reopen the episode, or relink it.'

/**
 * Media that goes away while the episode is open (deleted, or on a disk that was unplugged) fails on the
 * element's next read, usually a seek. The editor is told, and the episode is asked for again: the core
 * then reports the media missing, so the page offers to relink it and the analysis stays editable.
 */
export function useMediaFault(
  media: HTMLMediaElement | null,
  episodeId: string,
  onView: (view: EpisodeView) => void,
  onError: (message: string) => void,
): void {
  useEffect(() => {
    if (!media) return
    const failed = (): void => {
      onError(MEDIA_UNREADABLE)
      call('episodes.open', { id: episodeId }).then(onView, () => undefined)
    }
    const scope = createScope()
    scope.listen(media, 'error', failed)
    return scope.dispose
  }, [media, episodeId, onView, onError])
}
