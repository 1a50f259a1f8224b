import { useEffect, useState } from 'react'
import { CompareScreen } from './compare/CompareScreen'
import { ConsensusScreen } from './consensus/ConsensusScreen'
import { EpisodeScreen } from './episode/EpisodeScreen'
import { LibraryScreen, type LibraryCommand } from './library/LibraryScreen'
import { go, routeOf, type Route } from './routes'
import { ShowScreen } from './show/ShowScreen'

/**
 * Five screens: the library of episodes, one episode being edited, the comparison of an episode's
 * analyses, a consensus being built from them, and a show's trends. Where the window is lives in the
 * URL's hash (see routes.ts).
 */
export function App(): React.JSX.Element {
  const [route, setRoute] = useState<Route>(() => routeOf(window.location.hash))
  // File > New or Open chosen on the episode screen is carried out by the library it returns to.
  const [startWith, setStartWith] = useState<LibraryCommand | null>(null)
  useEffect(() => {
    const onHash = (): void => setRoute(routeOf(window.location.hash))
    window.addEventListener('hashchange', onHash)
    return () => window.removeEventListener('hashchange', onHash)
  }, [])
  if (route.screen === 'compare')
    return (
      <CompareScreen
        key={route.id}
        id={route.id}
        onBack={() => go({ screen: 'episode', id: route.id, at: null })}
        onOpenAt={(id, at) => go({ screen: 'episode', id, at })}
        onConsensus={(id) => go({ screen: 'consensus', id })}
        onLibraryCommand={(command) => {
          setStartWith(command)
          go({ screen: 'library' })
        }}
      />
    )
  if (route.screen === 'show')
    return (
      <ShowScreen
        key={route.name}
        show={route.name}
        onBack={() => go({ screen: 'library' })}
        onOpen={(id) => go({ screen: 'episode', id, at: null })}
        onLibraryCommand={(command) => {
          setStartWith(command)
          go({ screen: 'library' })
        }}
      />
    )
  if (route.screen === 'consensus')
    return (
      <ConsensusScreen
        key={route.id}
        id={route.id}
        onOpenEditor={() => go({ screen: 'episode', id: route.id, at: null })}
        onClose={() => go({ screen: 'library' })}
      />
    )
  return route.screen === 'episode' ? (
    <EpisodeScreen
      key={route.id}
      id={route.id}
      open={{ at: route.at, item: route.item ?? null }}
      onClose={(command) => {
        setStartWith(command ?? null)
        go({ screen: 'library' })
      }}
    />
  ) : (
    <LibraryScreen
      onOpen={(id) => {
        setStartWith(null)
        go({ screen: 'episode', id, at: null })
      }}
      startWith={startWith}
    />
  )
}
