import { formatClock } from './time'

/**
 * Times to the millisecond, as the editor reads and types them: `m:ss.mmm` under an hour and
 * `h:mm:ss.mmm` from an hour (the clock the published page uses, with the 3 decimals episode JSON keeps).
 */
export function formatPreciseClock(seconds: number): string {
  if (seconds < 0) return `-${formatPreciseClock(-seconds)}`
  const millis = Math.round(seconds * 1000)
  return `${formatClock(Math.floor(millis / 1000))}.${String(millis % 1000).padStart(3, '0')}`
}

export type ParsedClock = { ok: true; seconds: number } | { ok: false; error: string }

// Seconds alone (`7.25`), `m:ss(.mmm)` or `h:mm:ss(.mmm)`; minutes may pass 59 when no hours are given.
const CLOCK = /^(?:(?:(\d+):)?(\d+):)?(\d+)(?:\.(\d*))?$/

/** Reads what the editor typed into a time field; the error says how to write one. */
export function parsePreciseClock(text: string): ParsedClock {
  const typed = text.trim()
  if (typed === '') return { ok: false, error: 'a time is needed, e.g. 1:07.250' }
  const match = CLOCK.exec(typed)
  if (!match) return { ok: false, error: `"${typed}" is not a time: write m:ss.mmm, e.g. 1:07.250` }
  const [, hours, minutes, secs = '0', fraction = ''] = match
  if (fraction.length > 3)
    return { ok: false, error: 'at most 3 decimals: times are kept to the millisecond' }
  if (minutes !== undefined && Number(secs) >= 60)
    return { ok: false, error: `${secs} seconds: write less than 60 after the minutes` }
  if (hours !== undefined && Number(minutes) >= 60)
    return { ok: false, error: `${minutes} minutes: write less than 60 after the hours` }
  const whole = Number(hours ?? 0) * 3600 + Number(minutes ?? 0) * 60 + Number(secs)
  // Parsed as one decimal so that 7.123 is the same number as the JSON that holds it.
  return { ok: true, seconds: Number(`${whole}.${fraction || '0'}`) }
}

/**
 * The last millisecond inside the media. A probed duration has more decimals than episode JSON allows
 * (60.029388), so a span that reaches the end stops here rather than at the duration itself.
 */
export const lastMillis = (durationSeconds: number): number => Math.floor(durationSeconds * 1000) / 1000
