/** Renders a path the way every error in the app names a place in a JSON file: `/statements/3/end`. */
export function jsonPointer(path: ReadonlyArray<PropertyKey>): string {
  if (path.length === 0) return '/'
  let pointer = ''
  for (const part of path) {
    const text = String(part)
    // Escaped only where needed: the problems of a long episode make thousands of these at each edit.
    pointer +=
      '/' + (text.includes('~') || text.includes('/') ? text.replace(/~/g, '~0').replace(/\//g, '~1') : text)
  }
  return pointer
}
