import type { AssignmentState } from '../../../shared/contract/deskWork'

/** An assignment's state as the queue and the board say it. */
export const STATE_WORDS: Record<AssignmentState, string> = {
  assigned: 'assigned',
  started: 'started',
  submitted: 'submitted',
  consensus: 'in consensus',
  published: 'published',
}

/** Whether the reviewer can still submit it: once submitted it is the lead's until sent back. */
export const canSubmit = (state: AssignmentState): boolean => state === 'assigned' || state === 'started'

/** Today as YYYY-MM-DD in the editor's own time zone: the day a due date is read against. */
export function today(now: Date = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0')
  const day = String(now.getDate()).padStart(2, '0')
  return `${now.getFullYear()}-${month}-${day}`
}

/**
 * A due date as read in the queue: overdue only while the work is still the reviewer's (a submitted
 * assignment is not late any more), due today said as such.
 */
export function dueWords(
  due: string | null,
  state: AssignmentState,
  on: string = today(),
): { text: string; overdue: boolean } {
  if (due === null) return { text: 'no due date', overdue: false }
  const open = canSubmit(state)
  if (open && due < on) return { text: `${due}, overdue`, overdue: true }
  if (open && due === on) return { text: `${due}, due today`, overdue: false }
  return { text: due, overdue: false }
}

/** A signed difference as a lean reads: `+0.42`, `−0.10`, `0.00`; a dash where there is none. */
export function signed(value: number | null, places = 2): string {
  if (value === null) return '—'
  const text = Math.abs(value).toFixed(places)
  if (Number(text) === 0) return text
  return value > 0 ? `+${text}` : `−${text}`
}
