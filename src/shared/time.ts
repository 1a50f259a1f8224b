/** `m:ss` under an hour, `h:mm:ss` from an hour: how the published page and YouTube write times. */
export function formatClock(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds))
  const h = Math.floor(total / 3600)
  const m = Math.floor((total % 3600) / 60)
  const s = total % 60
  const ss = String(s).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`
}

/** Episode JSON allows at most 3 decimals on a time. */
export function roundMillis(seconds: number): number {
  return Math.round(seconds * 1000) / 1000
}
