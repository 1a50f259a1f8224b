import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatPreciseClock, lastMillis, parsePreciseClock } from '../../src/shared/preciseTime'

const seconds = (text: string): number | string => {
  const parsed = parsePreciseClock(text)
  return parsed.ok ? parsed.seconds : parsed.error
}

describe('precise clock times', () => {
  it('writes m:ss.mmm under an hour and h:mm:ss.mmm from an hour', () => {
    expect(formatPreciseClock(0)).toBe('0:00.000')
    expect(formatPreciseClock(7.25)).toBe('0:07.250')
    expect(formatPreciseClock(67.0005)).toBe('1:07.001')
    expect(formatPreciseClock(59.9996)).toBe('1:00.000')
    expect(formatPreciseClock(3723.5)).toBe('1:02:03.500')
    expect(formatPreciseClock(-1.5)).toBe('-0:01.500')
  })

  it('reads seconds, m:ss and h:mm:ss with up to 3 decimals', () => {
    expect(seconds('0:07.250')).toBe(7.25)
    expect(seconds(' 0:07.25 ')).toBe(7.25)
    expect(seconds('7.5')).toBe(7.5)
    expect(seconds('75')).toBe(75)
    expect(seconds('1:07')).toBe(67)
    expect(seconds('75:00')).toBe(4500)
    expect(seconds('1:02:03.5')).toBe(3723.5)
    expect(seconds('2:07.')).toBe(127)
    expect(seconds('0:07.123')).toBe(7.123)
  })

  it('refuses what is not a time, saying how to write one', () => {
    expect(seconds('')).toMatch(/a time is needed/)
    expect(seconds('abc')).toMatch(/"abc" is not a time: write m:ss.mmm/)
    expect(seconds('1:2:3:4')).toMatch(/is not a time/)
    expect(seconds('-0:01')).toMatch(/is not a time/)
    expect(seconds('0:07.2500')).toMatch(/at most 3 decimals/)
    expect(seconds('1:75')).toMatch(/less than 60 after the minutes/)
    expect(seconds('1:75:00')).toMatch(/less than 60 after the hours/)
  })

  it('reads back every millisecond time it writes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20 * 3600 * 1000 }), (millis) => {
        expect(seconds(formatPreciseClock(millis / 1000))).toBe(millis / 1000)
      }),
    )
  })

  it('stops a span at the last millisecond of the media', () => {
    expect(lastMillis(60.029388)).toBe(60.029)
    expect(lastMillis(53.24)).toBe(53.24)
  })
})
