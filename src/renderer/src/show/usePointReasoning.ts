import { useEffect, useState } from 'react'
import { call } from '../platform'

const keyOf = (episodeId: string, dimension: string): string => `${episodeId}\u0000${dimension}`

/**
 * The reasoning behind the point hovered or focused, asked for then (a show of a thousand episodes
 * does not carry four thousand of them) and kept for the next time: null while it is on its way.
 */
export function usePointReasoning(point: { episodeId: string; dimension: string } | null): string | null {
  const [texts, setTexts] = useState<ReadonlyMap<string, string>>(new Map())
  const key = point ? keyOf(point.episodeId, point.dimension) : null
  const known = key !== null && texts.has(key)
  useEffect(() => {
    if (!point || known) return
    let live = true
    const keep = (text: string): void => {
      if (live) setTexts((now) => new Map(now).set(keyOf(point.episodeId, point.dimension), text))
    }
    call('library.pointReasoning', { id: point.episodeId, dimension: point.dimension }).then(
      (reply) => keep(reply.text),
      () => keep(''),
    )
    return () => {
      live = false
    }
    // The point is named by its key: a new object for the same point asks nothing again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, known])
  return key === null ? null : (texts.get(key) ?? null)
}
