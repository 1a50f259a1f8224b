/**
 * `m:ss` under an hour, `h:mm:ss` from an hour: how the published page and YouTube write times.
 * `withHours` writes the hour even when it is 0, so that a list of times in a long episode lines up.
 */
export function formatClock(seconds: number, withHours = false): string {
  const total = Math.max(0, Math.floor(seconds))
  const h = Math.floor(total / 3600)
  const m = Math.floor((total % 3600) / 60)
  const s = total % 60
  const ss = String(s).padStart(2, '0')
  return h > 0 || withHours ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`
}

/** Episode JSON allows at most 3 decimals on a time. */
export function roundMillis(seconds: number): number {
  return Math.round(seconds * 1000) / 1000
}
