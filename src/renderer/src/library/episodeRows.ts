import type { LibraryEpisode } from '../../../shared/contract'

/** A library row: an episode, shown through the analysis it counts, holding all its analyses. */
export interface LibraryEpisodeRow extends LibraryEpisode {
  /** Every analysis of the episode, the counted one first, then the newest first. */
  analyses: LibraryEpisode[]
}

/**
 * The library's analyses as its rows: one per episode (the core says which episode each analysis is
 * of, and which one the episode counts through), in the order the newest analysis of each stands.
 */
export function episodeRows(analyses: readonly LibraryEpisode[]): LibraryEpisodeRow[] {
  const byEpisode = new Map<string, LibraryEpisode[]>()
  for (const a of analyses) {
    const known = byEpisode.get(a.episode)
    if (known) known.push(a)
    else byEpisode.set(a.episode, [a])
  }
  return [...byEpisode.values()].map((ofEpisode) => {
    const counted = ofEpisode.find((a) => a.counted) ?? (ofEpisode[0] as LibraryEpisode)
    return { ...counted, analyses: [counted, ...ofEpisode.filter((a) => a !== counted)] }
  })
}
