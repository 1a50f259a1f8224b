import type { Selection } from './episode/editorPanelProps'

/**
 * Where the window is, kept in the URL's hash so that a reload (or the browser's Back) lands there: the
 * library, an episode (at a time, when another screen sent the editor to a moment), the comparison
 * of an episode's analyses, a consensus being built from them, a show's trends or codebook, or the
 * desk's board.
 */
export type Route =
  | { screen: 'library' }
  | { screen: 'episode'; id: string; at: number | null; item?: Selection }
  | { screen: 'compare'; id: string }
  | { screen: 'consensus'; id: string }
  | { screen: 'show'; name: string }
  | { screen: 'codebook'; show: string }
  | { screen: 'board' }

export function routeOf(hash: string): Route {
  if (hash === '#/board') return { screen: 'board' }
  const show = /^#\/(show|codebook)\/(.+)$/.exec(hash)
  // A show's name is typed by people: an address mangled by hand (`%E0`) is the library, not a crash.
  if (show) {
    const name = decoded(show[2] ?? '')
    if (name === null) return { screen: 'library' }
    return show[1] === 'codebook' ? { screen: 'codebook', show: name } : { screen: 'show', name }
  }
  const match =
    /^#\/(episode|compare|consensus)\/([^?]+)(?:\?t=(\d+(?:\.\d+)?)(?:&item=(statement|chapter|highlight):(.+))?)?$/.exec(
      hash,
    )
  if (!match) return { screen: 'library' }
  const id = decodeURIComponent(match[2] ?? '')
  if (match[1] === 'compare' || match[1] === 'consensus') return { screen: match[1], id }
  const at = match[3] === undefined ? null : Number(match[3])
  const kind = match[4] as 'statement' | 'chapter' | 'highlight' | undefined
  return kind
    ? { screen: 'episode', id, at, item: { kind, id: decodeURIComponent(match[5] ?? '') } }
    : { screen: 'episode', id, at }
}

function decoded(text: string): string | null {
  try {
    return decodeURIComponent(text)
  } catch {
    return null
  }
}

export function hashOf(route: Route): string {
  if (route.screen === 'library') return ''
  if (route.screen === 'board') return '#/board'
  if (route.screen === 'show') return `#/show/${encodeURIComponent(route.name)}`
  if (route.screen === 'codebook') return `#/codebook/${encodeURIComponent(route.show)}`
  const at = route.screen === 'episode' && route.at !== null ? `?t=${Number(route.at.toFixed(3))}` : ''
  // An item selected as the episode opens (a search hit's); only with a time, which it is at.
  const item =
    route.screen === 'episode' && route.at !== null && route.item
      ? `&item=${route.item.kind}:${encodeURIComponent(route.item.id)}`
      : ''
  return `#/${route.screen}/${encodeURIComponent(route.id)}${at}${item}`
}

export const go = (route: Route): void => {
  window.location.hash = hashOf(route)
}
