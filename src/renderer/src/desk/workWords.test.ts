import { describe, expect, it } from 'vitest'
import { dueWords, signed, today } from './workWords'

describe('the desk work’s words', () => {
  it('mark a due date passed as overdue only while the work is still the reviewer’s', () => {
    expect(dueWords('2026-03-01', 'started', '2026-03-02')).toEqual({
      text: '2026-03-01, overdue',
      overdue: true,
    })
    expect(dueWords('2026-03-01', 'submitted', '2026-03-02')).toEqual({ text: '2026-03-01', overdue: false })
    expect(dueWords('2026-03-02', 'assigned', '2026-03-02').text).toBe('2026-03-02, due today')
    expect(dueWords(null, 'assigned', '2026-03-02')).toEqual({ text: 'no due date', overdue: false })
  })

  it('say a lean with its sign, a true minus, and no sign for nothing', () => {
    expect(signed(0.4249)).toBe('+0.42')
    expect(signed(-0.1)).toBe('−0.10')
    expect(signed(-0.001)).toBe('0.00')
    expect(signed(null)).toBe('—')
  })

  it('read today in local time', () => {
    expect(today(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05')
  })
})
