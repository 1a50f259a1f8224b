/**
 * Where the window is, kept in the URL's hash so that a reload (or the browser's Back) lands there: the
 * library, an episode (at a time, when another screen sent the editor to a moment), or the comparison
 * of an episode's analyses.
 */
export type Route =
  | { screen: 'library' }
  | { screen: 'episode'; id: string; at: number | null }
  | { screen: 'compare'; id: string }

export function routeOf(hash: string): Route {
  const match = /^#\/(episode|compare)\/([^?]+)(?:\?t=(\d+(?:\.\d+)?))?$/.exec(hash)
  if (!match) return { screen: 'library' }
  const id = decodeURIComponent(match[2] ?? '')
  if (match[1] === 'compare') return { screen: 'compare', id }
  return { screen: 'episode', id, at: match[3] === undefined ? null : Number(match[3]) }
}

export function hashOf(route: Route): string {
  if (route.screen === 'library') return ''
  const at = route.screen === 'episode' && route.at !== null ? `?t=${Number(route.at.toFixed(3))}` : ''
  return `#/${route.screen}/${encodeURIComponent(route.id)}${at}`
}

export const go = (route: Route): void => {
  window.location.hash = hashOf(route)
}
