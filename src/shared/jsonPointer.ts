/** Renders a path the way every error in the app names a place in a JSON file: `/statements/3/end`. */
export function jsonPointer(path: ReadonlyArray<PropertyKey>): string {
  if (path.length === 0) return '/'
  return path.map((p) => '/' + String(p).replace(/~/g, '~0').replace(/\//g, '~1')).join('')
}
