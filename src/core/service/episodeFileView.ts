import type { EpisodeView } from '../../shared/contract'
import type { EpisodeDocument } from '../../shared/episodeFormat'
import { openDatabase } from '../db/openDatabase'
import { episodeView } from '../episodes/episodeQueries'
import { loadEpisodeDocument } from '../load/loadEpisode'

/**
 * An episode file as the library shows it once loaded: loaded into a database in memory, then opened.
 * What the file alone cannot say, a load works out (which quotes were filled from the transcript, and so
 * are estimates where it has no word times; which quotes its span does not say), so a file's problems
 * are read from this view: the same set `problems ID` gives after `load`, never a second reading.
 */
export function episodeFileView(document: EpisodeDocument): EpisodeView {
  const db = openDatabase(':memory:')
  try {
    loadEpisodeDocument(db, document)
    return episodeView(db, document.episode.id)
  } finally {
    db.close()
  }
}
