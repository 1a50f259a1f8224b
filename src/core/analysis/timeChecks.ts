import { formatPreciseClock as clockMillis, lastMillis } from '../../shared/preciseTime'
import { roundMillis } from '../../shared/time'
import { UserError } from '../errors'

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

export { clockMillis, lastMillis }
