import { useCallback, useEffect, useState } from 'react'
import type { BoardEpisode } from '../../../shared/contract/deskWork'
import { call } from '../platform'
import { createScope } from '../scope'
import { useDeskArrivals, useDeskStatus } from './deskStatus'

/**
 * How often an open board asks again by itself: a reviewer's submit moves their assignment after the
 * push that wakes this library, and an assignment's state brings no notice of its own.
 */
const REREAD_MS = 5000

export type BoardState =
  | { kind: 'reading' }
  | { kind: 'ready'; episodes: BoardEpisode[]; ids: DeskIds; labels: ReadonlyMap<string, string> }
  | { kind: 'refused'; message: string }

/** The catalogue's analysis ids and this library's ids for them, both ways (they differ after a conflict). */
export interface DeskIds {
  here: ReadonlyMap<string, string>
  desk: ReadonlyMap<string, string>
}

/** Worst agreement first; episodes not measured yet (fewer than two submitted) after, as the core has them. */
export const worstFirst = (episodes: readonly BoardEpisode[]): BoardEpisode[] =>
  [...episodes].sort((a, b) => (a.worst ?? Infinity) - (b.worst ?? Infinity))

/**
 * The lead's board, read again whenever the desk brings something or this library syncs (a submission,
 * a consensus), every few seconds while open, and after the lead changes an episode here; a refusal
 * (a reviewer's role) is kept as the core's words.
 */
export function useBoard(): { state: BoardState; reread: () => void; replace: (e: BoardEpisode) => void } {
  const arrivals = useDeskArrivals()
  const synced = useDeskStatus()?.lastSyncAt ?? null
  const [asked, setAsked] = useState(0)
  useEffect(() => {
    const scope = createScope()
    scope.interval(() => setAsked((n) => n + 1), REREAD_MS)
    return scope.dispose
  }, [])
  const [state, setState] = useState<BoardState>({ kind: 'reading' })
  useEffect(() => {
    let live = true
    Promise.all([call('desk.board', {}), call('desk.list', {}), call('library.dimensions', {})]).then(
      ([episodes, listed, dimensions]) => {
        if (!live) return
        const here = new Map<string, string>()
        const desk = new Map<string, string>()
        for (const a of listed)
          if (a.here !== null) {
            here.set(a.id, a.here)
            desk.set(a.here, a.id)
          }
        const labels = new Map(dimensions.map((d) => [d.key, d.label]))
        setState({ kind: 'ready', episodes: worstFirst(episodes), ids: { here, desk }, labels })
      },
      (e: Error) => live && setState({ kind: 'refused', message: e.message }),
    )
    return () => {
      live = false
    }
  }, [arrivals, synced, asked])
  const reread = useCallback(() => setAsked((n) => n + 1), [])
  // The core's answer to a change is the episode as it now stands: shown at once, before the re-read.
  const replace = useCallback((changed: BoardEpisode) => {
    setState((now) =>
      now.kind === 'ready'
        ? { ...now, episodes: now.episodes.map((e) => (e.episode === changed.episode ? changed : e)) }
        : now,
    )
    setAsked((n) => n + 1)
  }, [])
  return { state, reread, replace }
}

/** The first of an episode's analyses this library holds, to open the compare screen on. */
export function hereOf(episode: BoardEpisode, ids: DeskIds): string | null {
  for (const id of [episode.episode, ...episode.reviewers.map((r) => r.analysis)]) {
    const here = ids.here.get(id)
    if (here !== undefined) return here
  }
  return null
}
