import { useState, useSyncExternalStore } from 'react'
import type { DeskStatus } from '../../../shared/contract/desk'
import { platform } from '../platform'
import { pageScope, type Scope } from '../scope'

/*
 * The library's desk status, one for the whole page: every screen that shows desk data reads it here,
 * so one timer asks the core, about once a second while the library is connected and a screen watches
 * (other people's revisions arrive by the core's LISTEN; the page learns of them through `arrivals`).
 */

/** How often the status is asked for while connected. */
const POLL_MS = 1000

let status: DeskStatus | null = null
const watchers = new Set<() => void>()
/** The pending ask's timer; its own scope, so that the last watcher leaving cancels it. */
let polling: Scope | null = null
let asking = false

function ask(): void {
  if (asking) return
  asking = true
  platform.call('desk.status', {}).then(
    (reply) => {
      asking = false
      if (reply.ok) takeDeskStatus(reply.value)
      else schedule()
    },
    () => {
      asking = false
      schedule()
    },
  )
}

/** The next ask, one second after the last answer (never two on their way), while anyone watches. */
function schedule(): void {
  polling?.dispose()
  polling = null
  if (watchers.size === 0 || !status?.connected) return
  polling = pageScope.child()
  polling.timeout(ask, POLL_MS)
}

/** Asks the core for the status now (after a sync the dialog started), whatever the timer's turn. */
export const refreshDeskStatus = (): void => ask()

/** A status the core answered another call with (connect, disconnect): shown at once, and polled on. */
export function takeDeskStatus(next: DeskStatus): void {
  status = next
  for (const watcher of [...watchers]) watcher()
  schedule()
}

function watch(watcher: () => void): () => void {
  watchers.add(watcher)
  if (watchers.size === 1) ask()
  return () => {
    watchers.delete(watcher)
    if (watchers.size === 0) schedule()
  }
}

/** The desk status as last answered; null until the core first answers. */
export function useDeskStatus(): DeskStatus | null {
  return useSyncExternalStore(watch, () => status)
}

/**
 * Counts the syncs that brought other people's work since the screen opened: a screen showing the
 * library's analyses reads them again when it moves (0 until then, so the first answer reads nothing).
 */
export function useDeskArrivals(): number {
  const arrivals = useDeskStatus()?.arrivals ?? null
  const [first, setFirst] = useState<number | null>(arrivals)
  // The first answer after the screen opened is where it starts counting (set while rendering: React
  // draws again at once, before anything is shown).
  if (first === null && arrivals !== null) setFirst(arrivals)
  return arrivals === null || first === null ? 0 : arrivals - first
}
