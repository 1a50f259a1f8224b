import { useCallback, useState } from 'react'
import { EpisodeScreen } from './episode/EpisodeScreen'
import { LibraryScreen } from './library/LibraryScreen'

/** Two screens: the library of episodes, and one episode being edited. */
export function App(): React.JSX.Element {
  const [episodeId, setEpisodeId] = useState<string | null>(null)
  const back = useCallback(() => setEpisodeId(null), [])
  return episodeId ? <EpisodeScreen id={episodeId} onClose={back} /> : <LibraryScreen onOpen={setEpisodeId} />
}
