/**
 * Where the window is, kept in the URL's hash so that a reload (or the browser's Back) lands there: the
 * library, an episode (at a time, when another screen sent the editor to a moment), the comparison
 * of an episode's analyses, or a consensus being built from them.
 */
export type Route =
  | { screen: 'library' }
  | { screen: 'episode'; id: string; at: number | null }
  | { screen: 'compare'; id: string }
  | { screen: 'consensus'; id: string }

export function routeOf(hash: string): Route {
  const match = /^#\/(episode|compare|consensus)\/([^?]+)(?:\?t=(\d+(?:\.\d+)?))?$/.exec(hash)
  if (!match) return { screen: 'library' }
  const id = decodeURIComponent(match[2] ?? '')
  if (match[1] === 'compare' || match[1] === 'consensus') return { screen: match[1], id }
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
