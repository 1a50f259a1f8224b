/** The longest quote a published page shows whole. */
export const PUBLISHED_QUOTE_LENGTH = 256

/**
 * A quote as a published page shows it. One over 256 characters is cut at the last whole word before
 * the limit; one that stops on a letter or digit (cut off by whoever chose the span, not ended) is
 * followed by "…", so that "reasonably wel" does not read as a typo.
 */
export function publishedQuote(quote: string): string {
  let text = quote.trim()
  if (text.length > PUBLISHED_QUOTE_LENGTH) {
    const head = text.slice(0, PUBLISHED_QUOTE_LENGTH)
    const lastSpace = head.search(/\s\S*$/)
    text = (lastSpace > 0 ? head.slice(0, lastSpace) : head).replace(/[\s,;:–—-]+$/u, '')
    return `${text}…`
  }
  return /[\p{L}\p{N}]$/u.test(text) ? `${text}…` : text
}
