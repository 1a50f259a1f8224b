import { useEffect, useState } from 'react'
import { LibraryScreen, type LibraryCommand } from './library/LibraryScreen'
import { go, routeOf, type Route } from './routes'

/** A screen's script, fetched once; `module` is there as soon as it has come. */
interface ScreenScript<T> {
  module: T | null
  load: () => Promise<T>
}

function screenScript<T>(fetch: () => Promise<T>): ScreenScript<T> {
  let pending: Promise<T> | null = null
  const script: ScreenScript<T> = {
    module: null,
    load: () => (pending ??= fetch().then((module) => (script.module = module))),
  }
  return script
}

/*
 * The library is in the first script; every other screen is a script of its own, fetched while the
 * library is idle, so a library of a thousand episodes is on screen before the editor's code is even
 * read, and an episode opened a moment later finds its screen ready. Not React.lazy: a screen that
 * suspends is shown no sooner than 300 ms after its fallback (React's throttle), even when its script
 * comes in a millisecond.
 */
const screens = {
  episode: screenScript(() => import('./episode/EpisodeScreen')),
  compare: screenScript(() => import('./compare/CompareScreen')),
  consensus: screenScript(() => import('./consensus/ConsensusScreen')),
  show: screenScript(() => import('./show/ShowScreen')),
}

/** The screen drawn by `draw` once its script is there: at once when it already is. */
function Loaded<T>(props: { script: ScreenScript<T>; draw: (module: T) => React.JSX.Element }) {
  const { script } = props
  const [module, setModule] = useState(script.module)
  useEffect(() => {
    let live = true
    if (module === null) void script.load().then((m) => live && setModule(m))
    return () => {
      live = false
    }
  }, [script, module])
  return module === null ? <p className="hint screen-loading">Opening…</p> : props.draw(module)
}

/** A moment after the first screen is up (its answers and its rows come first), then when idle. */
const SCREENS_AFTER_MS = 500

function fetchScreensWhenIdle(): () => void {
  const fetchAll = (): void => {
    for (const script of Object.values(screens)) void script.load()
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
  return <Screen />
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
      <Loaded
        key={route.id}
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
        key={route.name}
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
  if (route.screen === 'consensus')
    return (
      <Loaded
        key={route.id}
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
      key={route.id}
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
