import { useEffect, useMemo, useState } from 'react'
import { LibraryScreen, type LibraryCommand } from './library/LibraryScreen'
import { go, routeOf, type Route } from './routes'
import { createScope } from './scope'
import { Loaded, screenScript } from './screenScripts'

/*
 * The library is in the first script; every other screen is a script of its own, fetched while the
 * library is idle, so a library of a thousand episodes is on screen before the editor's code is even
 * read, and an episode opened a moment later finds its screen ready.
 */
const screens = {
  episode: screenScript(() => import('./episode/EpisodeScreen')),
  compare: screenScript(() => import('./compare/CompareScreen')),
  consensus: screenScript(() => import('./consensus/ConsensusScreen')),
  show: screenScript(() => import('./show/ShowScreen')),
  codebook: screenScript(() => import('./codebook/CodebookScreen')),
  board: screenScript(() => import('./desk/BoardScreen')),
}

/** A moment after the first screen is up (its answers and its rows come first), then when idle. */
const SCREENS_AFTER_MS = 500

function fetchScreensWhenIdle(): () => void {
  const fetchAll = (): void => {
    // One that cannot be fetched now is fetched again, and said, when its screen is opened.
    for (const script of Object.values(screens)) script.load().catch(() => undefined)
  }
  const scope = createScope()
  scope.timeout(() => scope.idle(fetchAll, { timeout: 2000 }), SCREENS_AFTER_MS)
  return scope.dispose
}

/**
 * Seven screens: the library of episodes, one episode being edited, the comparison of an episode's
 * analyses, a consensus being built from them, a show's trends and its codebook, and the desk lead's board. Where the
 * window is lives in the URL's hash (see routes.ts).
 */
export function App(): React.JSX.Element {
  useEffect(fetchScreensWhenIdle, [])
  return <Screen />
}

function Screen(): React.JSX.Element {
  // The hash, not its route, is the state: setting the same hash again draws nothing anew.
  const [hash, setHash] = useState(() => window.location.hash)
  const route: Route = useMemo(() => routeOf(hash), [hash])
  // File > New or Open chosen on the episode screen is carried out by the library it returns to.
  const [startWith, setStartWith] = useState<LibraryCommand | null>(null)
  useEffect(() => {
    const onHash = (): void => setHash(window.location.hash)
    const scope = createScope()
    scope.listen(window, 'hashchange', onHash)
    // The first draw read the hash; an address changed before this listener was there (React draws
    // and runs effects later than the page's load, so a test's or a link's second address can land
    // between them) would otherwise leave the window on the screen the first draw chose.
    onHash()
    return scope.dispose
  }, [])
  if (route.screen === 'compare')
    return (
      <Loaded
        key={`compare ${route.id}`}
        script={screens.compare}
        draw={(m) => (
          <m.CompareScreen
            id={route.id}
            onBack={() => go({ screen: 'episode', id: route.id, at: null })}
            onOpenAt={(id, at) => go({ screen: 'episode', id, at })}
            onConsensus={(id) => go({ screen: 'consensus', id })}
            onLibraryCommand={(command) => {
              setStartWith(command)
              go({ screen: 'library' })
            }}
          />
        )}
      />
    )
  if (route.screen === 'show')
    return (
      <Loaded
        key={`show ${route.name}`}
        script={screens.show}
        draw={(m) => (
          <m.ShowScreen
            show={route.name}
            onBack={() => go({ screen: 'library' })}
            onOpen={(id) => go({ screen: 'episode', id, at: null })}
            onLibraryCommand={(command) => {
              setStartWith(command)
              go({ screen: 'library' })
            }}
          />
        )}
      />
    )
  if (route.screen === 'codebook')
    return (
      <Loaded
        key={`codebook ${route.show}`}
        script={screens.codebook}
        draw={(m) => (
          <m.CodebookScreen
            show={route.show}
            onBack={() => go({ screen: 'show', name: route.show })}
            onLibrary={() => go({ screen: 'library' })}
            onLibraryCommand={(command) => {
              setStartWith(command)
              go({ screen: 'library' })
            }}
          />
        )}
      />
    )
  if (route.screen === 'board')
    return (
      <Loaded
        key="board"
        script={screens.board}
        draw={(m) => (
          <m.BoardScreen
            onBack={() => go({ screen: 'library' })}
            onCompare={(id) => go({ screen: 'compare', id })}
            onLibraryCommand={(command) => {
              setStartWith(command)
              go({ screen: 'library' })
            }}
          />
        )}
      />
    )
  if (route.screen === 'consensus')
    return (
      <Loaded
        key={`consensus ${route.id}`}
        script={screens.consensus}
        draw={(m) => (
          <m.ConsensusScreen
            id={route.id}
            onOpenEditor={() => go({ screen: 'episode', id: route.id, at: null })}
            onClose={() => go({ screen: 'library' })}
          />
        )}
      />
    )
  return route.screen === 'episode' ? (
    <Loaded
      key={`episode ${route.id}`}
      script={screens.episode}
      draw={(m) => (
        <m.EpisodeScreen
          id={route.id}
          open={{ at: route.at, item: route.item ?? null }}
          onClose={(command) => {
            setStartWith(command ?? null)
            go({ screen: 'library' })
          }}
        />
      )}
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
