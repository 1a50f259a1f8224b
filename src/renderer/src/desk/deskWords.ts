import type { DeskStatus } from '../../../shared/contract/desk'

/**
 * A desk person as the library names them: their PostgreSQL role (`bob`), written as a name starts
 * (`Bob`), since roles are plain lower-case identifiers.
 */
export const personName = (role: string): string => role.charAt(0).toUpperCase() + role.slice(1)

/** How a pulled analysis is marked wherever it is listed. */
export const fromTheDesk = (owner: string): string => `${personName(owner)}’s, from the desk`

const changes = (n: number): string => `${n} ${n === 1 ? 'change' : 'changes'} waiting`

/** A time as the library's status says it: the local hour and minute. */
export const clockOf = (iso: string): string => {
  const at = new Date(iso)
  return `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`
}

/** The library header's one line on its desk: offline with what waits, else when it last synced. */
export function deskLine(status: DeskStatus): string {
  const conflicts = status.notable?.conflicts.length ?? 0
  if (conflicts > 0)
    return `Desk: ${conflicts} ${conflicts === 1 ? 'change' : 'changes'} kept apart as a conflict`
  if (!status.online) return `Desk: offline: ${changes(status.waiting)}`
  if (status.waiting > 0) return `Desk: syncing, ${changes(status.waiting)}`
  return status.lastSyncAt ? `Desk: synced ${clockOf(status.lastSyncAt)}` : 'Desk: connected, not synced yet'
}
