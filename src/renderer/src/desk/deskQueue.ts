import { useEffect, useState, useSyncExternalStore } from 'react'
import type { QueueItem } from '../../../shared/contract/deskWork'
import { call } from '../platform'
import { useDeskArrivals, useDeskStatus } from './deskStatus'

/*
 * One's own assignments, read from the core while the library is connected: the library's "My queue"
 * and the editor's Submit to the desk read them alike, and read again when the desk brings something
 * or when this library changed one (a submit), so both say the same state.
 */

let changes = 0
const watchers = new Set<() => void>()

/** Something here changed an assignment (a submit): every screen holding the queue reads it again. */
export function queueChanged(): void {
  changes += 1
  for (const watcher of [...watchers]) watcher()
}

function watch(watcher: () => void): () => void {
  watchers.add(watcher)
  return () => watchers.delete(watcher)
}

export type QueueState =
  | { kind: 'off' }
  | { kind: 'reading' }
  | { kind: 'ready'; items: QueueItem[] }
  | { kind: 'failed'; message: string }

/** The queue while connected (off otherwise), read again as the desk's arrivals move. */
export function useDeskQueue(): QueueState {
  const connected = useDeskStatus()?.connected === true
  const arrivals = useDeskArrivals()
  const changed = useSyncExternalStore(watch, () => changes)
  // What is shown stays while it is read again: a row does not blink at every arrival.
  const [state, setState] = useState<QueueState>({ kind: 'reading' })
  useEffect(() => {
    if (!connected) return
    let live = true
    call('desk.queue', {}).then(
      (items) => live && setState({ kind: 'ready', items }),
      (e: Error) => live && setState({ kind: 'failed', message: e.message }),
    )
    return () => {
      live = false
    }
  }, [connected, arrivals, changed])
  return connected ? state : { kind: 'off' }
}

/** This analysis's assignment, when it is one of one's own (by this library's id); null otherwise. */
export function useMyAssignment(id: string): QueueItem | null {
  const queue = useDeskQueue()
  return queue.kind === 'ready' ? (queue.items.find((item) => item.here === id) ?? null) : null
}
