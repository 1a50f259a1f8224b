/** The rule the contract holds a source URL to, for a form to say so before it sends the edit. */
export const SOURCE_URL_PATTERN = /^https?:\/\/\S+$/

/** Why a typed source URL would be refused, or null when it is fine (empty means "no link"). */
export function sourceUrlProblem(text: string): string | null {
  const url = text.trim()
  if (url === '' || SOURCE_URL_PATTERN.test(url)) return null
  return 'a source URL starts with http:// or https:// and has no spaces'
}
