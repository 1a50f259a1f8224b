import type { EpisodeView } from '../../../shared/contract'
import { sameValue } from '../../../shared/viewDelta'
import type { ViewPatch } from './optimisticPatch'

/*
 * The view the window shows is the core's last answer with the edits still on their way laid over it,
 * in the order they were sent. Each answer replaces the core's view, and the edits still unanswered are
 * laid again over the new one; a refused edit drops out, so the screen goes back to what the core holds.
 * The core takes a window's calls in turn, so an answer to a later edit already holds every earlier one:
 * an older answer arriving after it is not shown.
 */

export interface PendingEdit {
  /** The order the edit was sent in. */
  seq: number
  patch: ViewPatch
}

export interface OptimisticView {
  /** The core's last view, null before the episode is open. */
  confirmed: EpisodeView | null
  /** The edit whose answer `confirmed` is (0: a view that was not an edit's answer). */
  confirmedSeq: number
  pending: readonly PendingEdit[]
  /** What the screen draws. */
  shown: EpisodeView | null
}

export const EMPTY: OptimisticView = { confirmed: null, confirmedSeq: 0, pending: [], shown: null }

type List = 'chapters' | 'statements' | 'highlights' | 'participants'
const LISTS: readonly List[] = ['chapters', 'statements', 'highlights', 'participants']

function keptList<T extends { id: string }>(before: readonly T[], next: readonly T[]): readonly T[] {
  if (before === next) return before
  let changed = before.length !== next.length
  let allNext = true
  const kept = next.map((item, i) => {
    const old = before[i]
    if (old === item) return item
    if (old && old.id === item.id && sameValue(old, item)) {
      allNext = false
      return old
    }
    changed = true
    return item
  })
  return !changed ? before : allNext ? next : kept
}

/**
 * `next` with every part and list item equal to the one shown kept as that same object (the view
 * itself when nothing differs), so that an answer confirming what the screen already shows draws
 * nothing again. The core's view keeps what an edit left unchanged as the same object, so only the
 * few parts and items that differ are compared.
 */
export function keepShown(before: EpisodeView | null, next: EpisodeView | null): EpisodeView | null {
  if (!before || !next || before === next) return next
  const merged: Record<string, unknown> = {}
  let changed = false
  let allNext = true
  for (const key of Object.keys(next) as (keyof EpisodeView)[]) {
    const old = before[key]
    const value = LISTS.includes(key as List)
      ? keptList(old as readonly { id: string }[], next[key] as readonly { id: string }[])
      : old === next[key] || sameValue(old, next[key])
        ? old
        : next[key]
    if (value !== old) changed = true
    if (value !== next[key]) allNext = false
    merged[key] = value
  }
  if (Object.keys(before).length !== Object.keys(next).length) changed = true
  if (!changed) return before
  // Nothing of `before` kept: the view as it came (a roll back to the core's own view).
  return allNext ? next : (merged as unknown as EpisodeView)
}

function shownOf(state: OptimisticView, confirmed: EpisodeView | null): EpisodeView | null {
  const laid = confirmed && state.pending.reduce((view, edit) => edit.patch(view), confirmed)
  return keepShown(state.shown, laid)
}

/** An edit sent: shown at once when it has a patch (an edit without one waits for its answer). */
export function sent(state: OptimisticView, seq: number, patch: ViewPatch | null): OptimisticView {
  if (!patch) return state
  return {
    ...state,
    pending: [...state.pending, { seq, patch }],
    shown: state.shown && keepShown(state.shown, patch(state.shown)),
  }
}

/**
 * The core answered edit `seq`, with its view (or with none: an edit whose answer carries no view, or a
 * view that came other than as an edit's answer, `seq` 0, which is newer than any).
 */
export function answered(state: OptimisticView, seq: number, view: EpisodeView | null): OptimisticView {
  const pending = state.pending.filter((p) => p.seq !== seq)
  const newer = view !== null && (seq === 0 || seq >= state.confirmedSeq)
  const confirmed = newer ? view : state.confirmed
  const next = { ...state, pending, confirmed, confirmedSeq: newer ? seq : state.confirmedSeq }
  return { ...next, shown: shownOf(next, confirmed) }
}

/** The core refused edit `seq`: the screen shows the core's view with the edits still unanswered. */
export const refused = (state: OptimisticView, seq: number): OptimisticView => answered(state, seq, null)

/** A view that came other than as an edit's answer (the episode opened, the media went missing). */
export const received = (state: OptimisticView, view: EpisodeView): OptimisticView => answered(state, 0, view)
