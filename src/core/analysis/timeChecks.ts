import { formatClock, roundMillis } from '../../shared/time'
import { UserError } from '../errors'

/** `m:ss.mmm`: precise enough to tell the editor which of two close times was refused. */
export function clockMillis(seconds: number): string {
  if (seconds < 0) return `-${clockMillis(-seconds)}`
  const millis = Math.round(seconds * 1000)
  return `${formatClock(Math.floor(millis / 1000))}.${String(millis % 1000).padStart(3, '0')}`
}

/**
 * The last millisecond inside the media. A probed duration has more decimals than episode JSON allows
 * (60.029388), so a span that reaches the end stops here rather than at the duration itself.
 */
export const lastMillis = (durationSeconds: number): number => Math.floor(durationSeconds * 1000) / 1000

/** A time rounded to milliseconds, refused unless it lies within the media. */
export function checkedTime(seconds: number, durationSeconds: number, what: string): number {
  const time = roundMillis(seconds)
  const last = lastMillis(durationSeconds)
  if (time < 0 || time > last)
    throw new UserError(
      'invalid-input',
      `${what} ${clockMillis(time)} is outside the media (0:00.000 to ${clockMillis(last)})`,
    )
  return time
}

/** A span rounded to milliseconds, refused unless it lies within the media and ends after it starts. */
export function checkedSpan(
  start: number,
  end: number,
  durationSeconds: number,
): { start: number; end: number } {
  const span = {
    start: checkedTime(start, durationSeconds, 'the start'),
    end: checkedTime(end, durationSeconds, 'the end'),
  }
  if (span.start >= span.end)
    throw new UserError(
      'invalid-input',
      `the end ${clockMillis(span.end)} is not after the start ${clockMillis(span.start)}`,
    )
  return span
}
