import { useEffect, useState } from 'react'
import { EpisodeScreen } from './episode/EpisodeScreen'
import { LibraryScreen, type LibraryCommand } from './library/LibraryScreen'

const episodeInHash = (): string | null => {
  const match = /^#\/episode\/(.+)$/.exec(window.location.hash)
  return match ? decodeURIComponent(match[1] ?? '') : null
}

/**
 * Two screens: the library of episodes, and one episode being edited. The open episode lives in the
 * URL's hash, so a reload (or the browser's Back) lands where the editor was.
 */
export function App(): React.JSX.Element {
  const [episodeId, setEpisodeId] = useState<string | null>(episodeInHash)
  // File > New or Open chosen on the episode screen is carried out by the library it returns to.
  const [startWith, setStartWith] = useState<LibraryCommand | null>(null)
  useEffect(() => {
    const onHash = (): void => setEpisodeId(episodeInHash())
    window.addEventListener('hashchange', onHash)
    return () => window.removeEventListener('hashchange', onHash)
  }, [])
  const open = (id: string | null): void => {
    window.location.hash = id ? `#/episode/${encodeURIComponent(id)}` : ''
  }
  return episodeId ? (
    <EpisodeScreen
      key={episodeId}
      id={episodeId}
      onClose={(command) => {
        setStartWith(command ?? null)
        open(null)
      }}
    />
  ) : (
    <LibraryScreen
      onOpen={(id) => {
        setStartWith(null)
        open(id)
      }}
      startWith={startWith}
    />
  )
}
