import { useCallback, useEffect, useState } from 'react'
import { call } from '../../platform'

export interface Reviewer {
  /** Null until the editor has said who they are. */
  name: string | null
  /** Runs `then` once the reviewer is known: at once, or after they have said their name. */
  ensure: (then: () => void) => void
  /** Set while the name is being asked for. */
  asking: boolean
  answer: (name: string) => Promise<void>
  cancel: () => void
}

/** Who reviews: asked once (the first review decision), then kept in the database for every episode. */
export function useReviewer(onError: (message: string) => void): Reviewer {
  const [name, setName] = useState<string | null>(null)
  const [waiting, setWaiting] = useState<(() => void) | null>(null)
  useEffect(() => {
    call('reviewer.get', {}).then(
      (r) => setName(r.name),
      () => undefined,
    )
  }, [])
  const ensure = useCallback(
    (then: () => void) => {
      if (name !== null) return then()
      // The name may be kept already while this screen's first read is still on its way: the core is
      // asked again before the editor is.
      call('reviewer.get', {}).then(
        (r) => {
          if (r.name === null) return setWaiting(() => then)
          setName(r.name)
          then()
        },
        () => setWaiting(() => then),
      )
    },
    [name],
  )
  const answer = useCallback(
    async (typed: string) => {
      try {
        const saved = await call('reviewer.set', { name: typed })
        setName(saved.name)
        const then = waiting
        setWaiting(null)
        then?.()
      } catch (e) {
        onError((e as Error).message)
      }
    },
    [waiting, onError],
  )
  return { name, ensure, asking: waiting !== null, answer, cancel: () => setWaiting(null) }
}
