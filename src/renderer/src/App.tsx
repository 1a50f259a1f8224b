import { lazy, Suspense, useEffect, useState } from 'react'
import { LibraryScreen, type LibraryCommand } from './library/LibraryScreen'
import { go, routeOf, type Route } from './routes'

/*
 * The library is in the first script; every other screen is a script of its own, fetched while the
 * library is idle, so a library of a thousand episodes is on screen before the editor's code is even
 * read, and an episode opened a moment later finds its screen ready.
 */
const screens = {
  episode: () => import('./episode/EpisodeScreen'),
  compare: () => import('./compare/CompareScreen'),
  consensus: () => import('./consensus/ConsensusScreen'),
  show: () => import('./show/ShowScreen'),
}
const EpisodeScreen = lazy(() => screens.episode().then((m) => ({ default: m.EpisodeScreen })))
const CompareScreen = lazy(() => screens.compare().then((m) => ({ default: m.CompareScreen })))
const ConsensusScreen = lazy(() => screens.consensus().then((m) => ({ default: m.ConsensusScreen })))
const ShowScreen = lazy(() => screens.show().then((m) => ({ default: m.ShowScreen })))

/** A moment after the first screen is up (its answers and its rows come first), then when idle. */
const SCREENS_AFTER_MS = 500

function fetchScreensWhenIdle(): () => void {
  const fetchAll = (): void => {
    for (const load of Object.values(screens)) void load()
  }
  let idle: number | null = null
  const timer = setTimeout(() => {
    if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(fetchAll, { timeout: 2000 })
    else fetchAll()
  }, SCREENS_AFTER_MS)
  return () => {
    clearTimeout(timer)
    if (idle !== null) cancelIdleCallback(idle)
  }
}

/**
 * Five screens: the library of episodes, one episode being edited, the comparison of an episode's
 * analyses, a consensus being built from them, and a show's trends. Where the window is lives in the
 * URL's hash (see routes.ts).
 */
export function App(): React.JSX.Element {
  useEffect(fetchScreensWhenIdle, [])
  return (
    <Suspense fallback={<p className="hint screen-loading">Opening…</p>}>
      <Screen />
    </Suspense>
  )
}

function Screen(): React.JSX.Element {
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
