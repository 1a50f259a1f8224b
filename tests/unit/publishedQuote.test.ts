import { describe, expect, it } from 'vitest'
import { PUBLISHED_QUOTE_LENGTH, publishedQuote } from '../../src/core/publish/publishedQuote'

describe('a quote on a published page', () => {
  it('is followed by an ellipsis when it stops on a letter, and left as it is when it ends in punctuation', () => {
    expect(publishedQuote('O-three is usually going to be able to do reasonably wel')).toBe(
      'O-three is usually going to be able to do reasonably wel…',
    )
    expect(publishedQuote('and it works.')).toBe('and it works.')
    expect(publishedQuote('“so it goes”')).toBe('“so it goes”')
    expect(publishedQuote('the year 2025')).toBe('the year 2025…')
  })

  it('is cut at the last whole word before 256 characters when longer', () => {
    const words = Array.from({ length: 80 }, (_, i) => `word${i}`).join(' ')
    const shown = publishedQuote(words)
    expect(shown.length).toBeLessThanOrEqual(PUBLISHED_QUOTE_LENGTH + 1)
    expect(shown.endsWith('…')).toBe(true)
    const body = shown.slice(0, -1)
    // Every word shown is a whole word of the quote, in order.
    expect(words.startsWith(body + ' ')).toBe(true)
  })
})
