import { parsePreciseClock } from '../../../../shared/preciseTime'
import { formatClock } from '../../../../shared/time'

export type TypedTime = { ok: true; seconds: number } | { ok: false; error: string }

/**
 * Where "go to time" goes: `7:30`, `1:02:03.5` and `450` are times from the start; `+10` and `-2.5`
 * move from the playhead. The answer is kept inside the media.
 */
export function typedTime(text: string, playhead: number, duration: number): TypedTime {
  const typed = text.trim()
  const sign = typed.startsWith('+') ? 1 : typed.startsWith('-') ? -1 : 0
  const parsed = parsePreciseClock(sign === 0 ? typed : typed.slice(1))
  if (!parsed.ok)
    return {
      ok: false,
      error:
        typed === ''
          ? 'Type a time: 7:30, 1:02:03.5, 450, or +10 / -2.5 from the playhead'
          : `"${typed}" is not a time: write 7:30, 1:02:03.5, 450, or +10 / -2.5 from the playhead`,
    }
  const seconds = sign === 0 ? parsed.seconds : playhead + sign * parsed.seconds
  return { ok: true, seconds: Math.min(Math.max(0, seconds), duration) }
}

/** The playhead as the clock shows it: to the tenth (`1:07.3`), which is what the editor reads and types. */
export function formatTenths(seconds: number): string {
  const tenths = Math.floor(Math.max(0, seconds) * 10 + 1e-6)
  return `${formatClock(Math.floor(tenths / 10))}.${tenths % 10}`
}
