/**
 * A figure the library keeps as JSON text (the board's agreements, the drift's scores), read back. The
 * library file is the user's to copy and edit, so the text is checked as it is read: null when nothing was
 * kept (the figure was kept as none), undefined, so worked out again, when the text is not JSON or `read`
 * finds it is not the figure.
 */
export function storedJson<T>(
  text: string | null,
  read: (value: unknown) => T | undefined,
): T | null | undefined {
  if (text === null) return null
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return undefined
  }
  return read(value)
}
