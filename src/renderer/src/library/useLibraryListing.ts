import { useCallback, useEffect, useRef, useState } from 'react'
import { FIRST_EPISODES, type LibraryEpisode, type ListingStart } from '../../../shared/contract'
import { answerOf } from '../earlyAnswers'
import { platform } from '../platform'
import { useScope } from '../scope'

export interface LibraryListing {
  /** The analyses the screen lists: all of them, or, while they travel, the first episodes'. */
  shown: LibraryEpisode[] | null
  /** While only the first episodes are here, how many episodes the library lists; null once all are. */
  partOf: number | null
  /** Asks for the whole listing again (after a change). */
  reload: () => void
}

/**
 * The library's analyses. The listing's start (its first episodes) is asked for early (earlyAnswers) and
 * drawn; the whole listing is asked for once the frame showing them has run: at 10,000 episodes it is 6
 * MB of JSON, which arriving first, or read before that frame, held the first rows back by its reading.
 */
export function useLibraryListing(
  onError: (message: string) => void,
  onDamage: (message: string | null) => void,
): LibraryListing {
  const [all, setAll] = useState<LibraryEpisode[] | null>(null)
  const [start, setStart] = useState<ListingStart | null>(null)
  const scope = useScope()
  // Whether the whole listing may be asked for: once the start is drawn, or could not be had.
  const mayAsk = useRef(false)
  const ask = useCallback(() => {
    platform.call('episodes.list', {}).then(
      (reply) => {
        onDamage(reply.ok || reply.error.code !== 'corrupt-database' ? null : reply.error.message)
        if (reply.ok) setAll(reply.value)
        else if (reply.error.code !== 'corrupt-database') onError(reply.error.message)
      },
      (e: Error) => onError(e.message),
    )
  }, [onError, onDamage])
  const askNow = useCallback(() => {
    mayAsk.current = true
    ask()
  }, [ask])
  useEffect(() => {
    answerOf('episodes.listStart').then(
      (reply) => {
        if (!reply.ok) return askNow()
        // A start holding every episode is the whole listing: nothing more to ask until a change.
        if (reply.value.episodes > FIRST_EPISODES) return setStart(reply.value)
        mayAsk.current = true
        setAll(reply.value.analyses)
      },
      () => askNow(),
    )
  }, [askNow])
  useEffect(() => {
    // After the frame that drew the start's rows, and a task past it (the frame's own painting).
    if (start !== null && !mayAsk.current) scope.frame(() => scope.timeout(askNow))
  }, [start, scope, askNow])
  const reload = useCallback(() => {
    if (mayAsk.current) ask()
  }, [ask])
  return {
    shown: all ?? start?.analyses ?? null,
    partOf: all === null && start !== null ? start.episodes : null,
    reload,
  }
}
