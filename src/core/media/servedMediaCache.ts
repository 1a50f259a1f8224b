import fs from 'node:fs'
import type { ServedMedia } from './mediaPath'

/** The media file as found for one request: served only when its stat is the one the core checked. */
export interface MediaToServe extends ServedMedia {
  /** The stat just taken, for the response's length and ranges. */
  size: number
}

/**
 * The shells' keep of each episode's media (path, size, modification time), so that a range request
 * costs a stat and no round trip to the core: video keeps playing while the core is busy with a long
 * import or export. A file whose size or modification time changed is not served from the keep: the
 * core is asked again and hashes it (same content: served again; other content: refused, the episode
 * shows the media as changed). Relinking or replacing an episode forgets its entry.
 */
export class ServedMediaCache {
  private readonly kept = new Map<string, ServedMedia>()

  constructor(private readonly ask: (episodeId: string) => Promise<ServedMedia>) {}

  async media(episodeId: string): Promise<MediaToServe> {
    const kept = this.kept.get(episodeId)
    if (kept) {
      const stat = await statOf(kept.path)
      if (stat && stat.size === kept.sizeBytes && stat.mtimeMs === kept.mtimeMs)
        return { ...kept, size: stat.size }
      this.kept.delete(episodeId)
    }
    const checked = await this.ask(episodeId)
    // Stat again: served only as the core checked it, never a file replaced since.
    const stat = await statOf(checked.path)
    if (!stat || stat.size !== checked.sizeBytes || stat.mtimeMs !== checked.mtimeMs)
      throw new Error(`the media file ${checked.fileName} changed while it was checked; play it again`)
    this.kept.set(episodeId, checked)
    return { ...checked, size: stat.size }
  }

  /** After a relink (or an episode replaced), the next request asks the core. */
  forget(episodeId: string): void {
    this.kept.delete(episodeId)
  }

  forgetAll(): void {
    this.kept.clear()
  }
}

async function statOf(file: string): Promise<fs.Stats | null> {
  try {
    const stat = await fs.promises.stat(file)
    return stat.isFile() ? stat : null
  } catch {
    return null
  }
}

/** Methods after which an episode's media may be another file: the shells forget what they keep. */
export function forgetsMedia(method: string): 'episode' | 'all' | null {
  if (method === 'episodes.relinkMedia') return 'episode'
  // A loaded file may replace an episode (its media with it); a restore replaces every episode.
  if (method === 'episodes.load' || method === 'episodes.loadMany' || method.startsWith('backups.'))
    return 'all'
  return null
}
