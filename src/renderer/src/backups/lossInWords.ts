import type { BackupInfo } from '../../../shared/contract'

const count = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`

/** When a backup was taken, as the editor says it: the time alone today, else the day and time. */
export function takenInWords(takenAt: string, now = new Date()): string {
  const at = new Date(takenAt)
  const time = at.toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' })
  return at.toDateString() === now.toDateString()
    ? time
    : `${at.toLocaleDateString([], { month: 'short', day: 'numeric', year: 'numeric' })} ${time}`
}

/**
 * What restoring `backup` drops from the current database, in one sentence: "3 episodes created and
 * 12 changed since 3:00 PM are lost", or that nothing is, and what comes back.
 */
export function lossInWords(backup: BackupInfo, now = new Date()): string {
  const since = takenInWords(backup.takenAt, now)
  const s = backup.sinceThen
  if (!s) return `What the current database holds since ${since} cannot be read; it is kept as a backup.`
  const lost: string[] = []
  if (s.created > 0) lost.push(`${count(s.created, 'episode', 'episodes')} created`)
  if (s.changed > 0)
    lost.push(s.created > 0 ? `${s.changed} changed` : `${count(s.changed, 'episode', 'episodes')} changed`)
  const back =
    s.removed > 0 ? ` ${count(s.removed, 'episode', 'episodes')} removed since then come back.` : ''
  return lost.length === 0
    ? `Nothing was created or changed since ${since}.${back}`
    : `${lost.join(' and ')} since ${since} will be lost from the library.${back}`
}
