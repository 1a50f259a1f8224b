import { useEffect, useState } from 'react'
import { ConsensusScreen } from './consensus/ConsensusScreen'
import { EpisodeScreen } from './episode/EpisodeScreen'
import { LibraryScreen, type LibraryCommand } from './library/LibraryScreen'

const episodeInHash = (): string | null => {
  const match = /^#\/episode\/(.+)$/.exec(window.location.hash)
  return match ? decodeURIComponent(match[1] ?? '') : null
}

const consensusInHash = (): string | null => {
  const match = /^#\/consensus\/(.+)$/.exec(window.location.hash)
  return match ? decodeURIComponent(match[1] ?? '') : null
}

/**
 * The library of episodes, one episode being edited, or a consensus being built from analyses. The open episode lives in the
 * URL's hash, so a reload (or the browser's Back) lands where the editor was.
 */
export function App(): React.JSX.Element {
  const [episodeId, setEpisodeId] = useState<string | null>(episodeInHash)
  const [consensusId, setConsensusId] = useState<string | null>(consensusInHash)
  // File > New or Open chosen on the episode screen is carried out by the library it returns to.
  const [startWith, setStartWith] = useState<LibraryCommand | null>(null)
  useEffect(() => {
    const onHash = (): void => {
      setEpisodeId(episodeInHash())
      setConsensusId(consensusInHash())
    }
    window.addEventListener('hashchange', onHash)
    return () => window.removeEventListener('hashchange', onHash)
  }, [])
  const open = (id: string | null): void => {
    window.location.hash = id ? `#/episode/${encodeURIComponent(id)}` : ''
  }
  if (consensusId)
    return (
      <ConsensusScreen
        key={consensusId}
        id={consensusId}
        onOpenEditor={() => open(consensusId)}
        onClose={() => open(null)}
      />
    )
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
