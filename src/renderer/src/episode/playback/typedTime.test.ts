import { describe, expect, it } from 'vitest'
import { formatTenths, typedTime } from './typedTime'

const at = (text: string, playhead = 100, duration = 4000): number | string => {
  const result = typedTime(text, playhead, duration)
  return result.ok ? result.seconds : result.error
}

describe('go to time', () => {
  it('reads the times an editor types, from the start or from the playhead', () => {
    expect(at('7:30')).toBe(450)
    expect(at('1:02:03.5')).toBe(3723.5)
    expect(at('450')).toBe(450)
    expect(at('+10')).toBe(110)
    expect(at('-2.5')).toBe(97.5)
    expect(at(' 0:05 ')).toBe(5)
  })

  it('stays inside the media', () => {
    expect(at('-200')).toBe(0)
    expect(at('2:00:00')).toBe(4000)
  })

  it('says how to write a time when it cannot read one', () => {
    expect(at('soon')).toMatch(/"soon" is not a time: write 7:30/)
    expect(at('')).toMatch(/^Type a time/)
    expect(at('1:75')).toMatch(/not a time|less than 60/)
  })

  it('shows the playhead to the tenth', () => {
    expect(formatTenths(0)).toBe('0:00.0')
    expect(formatTenths(67.35)).toBe('1:07.3')
    expect(formatTenths(3723.5)).toBe('1:02:03.5')
  })
})
