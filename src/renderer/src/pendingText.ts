/**
 * Text typed in a field is saved when the field loses focus (or on Enter). Closing the window, quitting
 * or leaving the page would lose what was typed since: here the focused field is made to let go (its
 * own commit runs) and the edits under way are waited for.
 *
 * Desktop: the main process holds a closing window until this answers (src/main/index.ts). Browser: a
 * page being hidden for good (`pagehide`) cannot wait for an answer, so the edit its field makes then is
 * sent with `navigator.sendBeacon` (best effort) and kept in the page's storage; the next open of that
 * episode offers it back ({@link keptEdits}).
 */

import { pageScope } from './scope'

/** Edits sent and not yet answered. */
const underWay = new Set<Promise<unknown>>()

/** Counts an edit as under way until it settles. */
export function track<T>(call: Promise<T>): Promise<T> {
  underWay.add(call)
  void call.then(
    () => underWay.delete(call),
    () => underWay.delete(call),
  )
  return call
}

/** The focused field commits what was typed; resolves once every edit under way has been answered. */
export async function commitPendingText(): Promise<void> {
  const active = document.activeElement
  if (active instanceof HTMLElement && active !== document.body) active.blur()
  // A field's commit starts its edit as it handles the blur, within this task.
  await Promise.resolve()
  await Promise.allSettled([...underWay])
}

let leaving = false

/** While the page is being hidden for good: edits are sent by beacon and kept, not called. */
export const pageIsLeaving = (): boolean => leaving

export interface KeptEdit {
  method: string
  request: { id: string } & Record<string, unknown>
  /** When it was typed: the editor judges whether it is still wanted. */
  at: string
}

const STORAGE_KEY = 'episcore:text-typed-before-leaving'

function readKept(): KeptEdit[] {
  try {
    const kept = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]') as unknown
    return Array.isArray(kept) ? (kept as KeptEdit[]) : []
  } catch {
    return []
  }
}

function writeKept(kept: KeptEdit[]): void {
  try {
    if (kept.length === 0) localStorage.removeItem(STORAGE_KEY)
    else localStorage.setItem(STORAGE_KEY, JSON.stringify(kept))
  } catch {
    // Storage full or refused: the beacon was still sent.
  }
}

/** An edit made while the page leaves: sent by beacon to the host, and kept for the next open. */
export function sendWhileLeaving(method: string, request: unknown): void {
  const body = JSON.stringify(request)
  navigator.sendBeacon(`/api/${method}`, body)
  const id = (request as { id?: unknown } | null)?.id
  if (typeof id === 'string')
    writeKept([
      ...readKept(),
      { method, request: request as KeptEdit['request'], at: new Date().toISOString() },
    ])
}

/** What was typed in this episode before the page last left, oldest first. */
export const keptEdits = (episodeId: string): KeptEdit[] =>
  readKept().filter((kept) => kept.request.id === episodeId)

/** The editor put them back or let them go: they are not offered again. */
export function forgetKeptEdits(episodeId: string): void {
  writeKept(readKept().filter((kept) => kept.request.id !== episodeId))
}

/** Wires the commit on close (desktop) or on the page leaving (browser). Once, at the page's start. */
export function watchForLeaving(
  desktop: { onCommitPending(commit: () => Promise<void>): () => void } | null,
): void {
  if (desktop) {
    desktop.onCommitPending(commitPendingText)
    return
  }
  pageScope.listen(window, 'pagehide', (event) => {
    // Kept in the back/forward cache, the page comes back as it was, field and text included.
    if (event.persisted) return
    leaving = true
    const active = document.activeElement
    if (active instanceof HTMLElement && active !== document.body) active.blur()
    leaving = false
  })
}
