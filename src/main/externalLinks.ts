/** Longer than any page address a person shares; past it, a "link" is a payload. */
const MAX_URL_LENGTH = 8192

/**
 * The address to hand to the system browser for a link the page tried to open, or null. Only web pages
 * leave the app: `file:` would open local files, `javascript:`/`data:` run code, and any other scheme
 * launches whatever program registered it. Addresses with credentials (`https://bank.example@evil/`)
 * are refused as the phishing they usually are; whitespace and control characters, which URL parsing
 * silently drops, are refused rather than guessed around.
 */
export function externalUrl(url: unknown): string | null {
  if (typeof url !== 'string' || url.length > MAX_URL_LENGTH) return null
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f-\u009f]/.test(url)) return null
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return null
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null
  if (parsed.hostname === '' || parsed.username !== '' || parsed.password !== '') return null
  // The parser's own serialisation: quotes and the like come out percent-encoded for the OS shell.
  return parsed.href
}

export const shouldOpenExternally = (url: unknown): boolean => externalUrl(url) !== null
