import fs from 'node:fs'
import path from 'node:path'
import type { Db } from '../db/openDatabase'
import { UserError } from '../errors'
import { mediaRow } from '../episodes/episodeQueries'
import { computePeaks } from './computePeaks'
import { probeMedia } from './probeMedia'

/**
 * Waveform peaks cached by the media's content hash: the second open of an episode (or of the same
 * file under another name) reads a small file and never decodes. Concurrent requests for the same
 * media share one computation.
 */
export class PeaksCache {
  private readonly running = new Map<string, Promise<string>>()

  constructor(readonly folder: string) {}

  fileFor(sha256: string): string {
    return path.join(this.folder, `${sha256}.dat`)
  }

  async forEpisode(db: Db, episodeId: string): Promise<string> {
    const media = mediaRow(db, episodeId)
    if (!media) throw new UserError('not-found', 'this episode has no media')
    const file = this.fileFor(media.sha256)
    if (fs.existsSync(file)) return file
    if (!fs.existsSync(media.path)) throw new UserError('not-found', `media file not found: ${media.path}`)
    let job = this.running.get(media.sha256)
    if (!job) {
      job = (async () => {
        const probe = await probeMedia(media.path)
        await computePeaks(media.path, file, {
          sampleRate: probe.sampleRate,
          durationSeconds: probe.durationSeconds,
        })
        return file
      })().finally(() => this.running.delete(media.sha256))
      this.running.set(media.sha256, job)
    }
    return job
  }
}

export const peaksFolderBeside = (databaseFile: string): string =>
  path.join(path.dirname(path.resolve(databaseFile)), 'episcore-cache', 'peaks')
