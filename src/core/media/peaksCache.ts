import fs from 'node:fs'
import path from 'node:path'
import type { PartialPeaksView, PeaksStatus } from '../../shared/contract'
import type { Db } from '../db/openDatabase'
import { UserError } from '../errors'
import { mediaRow } from '../episodes/episodeQueries'
import type { MediaRow } from '../episodes/episodeRows'
import { computePeaks, type PartialPeaks } from './computePeaks'
import { mediaChanged, servableMedia, type ServedMedia } from './mediaPath'
import { partialPeaksView } from './partialPeaks'
import { probeMedia } from './probeMedia'

/** `full`: 100 px/s for close zooms; `overview`: a few thousand points for the whole episode. */
export type PeaksLevel = 'full' | 'overview'

export const peaksLevelOf = (value: string | null): PeaksLevel => (value === 'overview' ? 'overview' : 'full')

interface Job {
  progress: number
  /** What the decode has folded so far, once it has started, and the media's length. */
  partial: { peaks: PartialPeaks; durationSeconds: number } | null
  abort: AbortController
  done: Promise<void>
  failure: string | null
  cancelled: boolean
}

/**
 * Waveform peaks cached by the media's content hash: the second open of an episode (or of the same
 * file under another name) reads a small file and never decodes. One background job per media,
 * whoever asks; its progress can be read and it can be cancelled.
 */
/** Whether the media file is still the one last found at its path (its size and time as recorded). */
function stillAsFound(media: MediaRow): boolean {
  try {
    const stat = fs.statSync(media.path)
    return stat.size === media.size_bytes && stat.mtimeMs === media.mtime_ms
  } catch {
    return true
  }
}

export class PeaksCache {
  private readonly jobs = new Map<string, Job>()

  constructor(readonly folder: string) {}

  fileFor(sha256: string, level: PeaksLevel = 'full'): string {
    return path.join(this.folder, level === 'full' ? `${sha256}.dat` : `${sha256}.overview.dat`)
  }

  private isReady(sha256: string): boolean {
    return fs.existsSync(this.fileFor(sha256, 'full')) && fs.existsSync(this.fileFor(sha256, 'overview'))
  }

  /**
   * Where the episode's peaks stand. `start` computes them when missing; a cancelled or failed job
   * stays so until `restart`.
   */
  status(db: Db, episodeId: string, mode: 'peek' | 'start' | 'restart' = 'start'): PeaksStatus {
    const media = mediaRow(db, episodeId)
    if (!media) return { state: 'unavailable', message: 'this episode has no media' }
    if (this.isReady(media.sha256)) return { state: 'ready' }
    // The file is other content than the episode's (found at a play or an open): its peaks would be its.
    // Once the file is no longer as it was found (the original put back), the job's check hashes it
    // again: an open's own check may not have run yet when the page asks for the waveform.
    if (media.changed_sha256 !== null && stillAsFound(media))
      return { state: 'unavailable', message: mediaChanged(media.file_name).message }
    const job = this.jobs.get(media.sha256)
    if (job && !job.cancelled && job.failure === null) return { state: 'computing', progress: job.progress }
    if (job && mode !== 'restart')
      return job.cancelled ? { state: 'cancelled' } : { state: 'failed', message: job.failure ?? '' }
    if (!fs.existsSync(media.path))
      return { state: 'unavailable', message: `the media file is missing: ${media.file_name}` }
    if (mode === 'peek') return { state: 'missing' }
    this.startJob(media, () => servableMedia(db, episodeId))
    return { state: 'computing', progress: 0 }
  }

  cancel(db: Db, episodeId: string): PeaksStatus {
    const media = mediaRow(db, episodeId)
    const job = media ? this.jobs.get(media.sha256) : undefined
    if (job && !job.cancelled && job.failure === null) {
      job.cancelled = true
      job.abort.abort()
    }
    return this.status(db, episodeId, 'peek')
  }

  /**
   * Cancels every computation under way, as the app quits: their decoders end now rather than the quit
   * waiting for them, and nothing half-made is kept (the next open computes the peaks again).
   */
  cancelAll(): void {
    for (const job of this.jobs.values())
      if (!job.cancelled && job.failure === null) {
        job.cancelled = true
        job.abort.abort()
      }
  }

  /** The waveform folded so far by the episode's decode under way; null when none is (done, or not begun). */
  partial(db: Db, episodeId: string, points: number): PartialPeaksView | null {
    const media = mediaRow(db, episodeId)
    const job = media ? this.jobs.get(media.sha256) : undefined
    if (!job?.partial || job.cancelled || job.failure !== null) return null
    return partialPeaksView(job.partial.peaks, job.partial.durationSeconds, points)
  }

  /** The cached file, computing it first if needed (for callers that can wait, like the CLI). */
  async fileForEpisode(db: Db, episodeId: string, level: PeaksLevel = 'full'): Promise<string> {
    const status = this.status(db, episodeId, 'restart')
    const media = mediaRow(db, episodeId)
    if (status.state === 'unavailable' || !media)
      throw new UserError('not-found', status.state === 'unavailable' ? status.message : 'no media')
    await this.jobs.get(media.sha256)?.done
    const after = this.status(db, episodeId, 'peek')
    if (after.state !== 'ready')
      throw new UserError('invalid-input', after.state === 'failed' ? after.message : 'waveform not ready')
    return this.fileFor(media.sha256, level)
  }

  /**
   * Removes what a run that crashed or was killed left half-written for this media: temporary files
   * (`<name>.<pid>.<time>.tmp`, see computePeaks) whose process no longer runs. They were never renamed,
   * so they were never taken as peaks; this only frees their space.
   */
  private removeLeftovers(sha256: string): void {
    let names: string[]
    try {
      names = fs.readdirSync(this.folder)
    } catch {
      return
    }
    for (const name of names) {
      const match = /^[0-9a-f]+(?:\.overview)?\.dat\.(\d+)\.\d+\.tmp$/.exec(name)
      if (!name.startsWith(`${sha256}.`) || !match || processRuns(Number(match[1]))) continue
      fs.rmSync(path.join(this.folder, name), { force: true })
    }
  }

  /** `check` is the play's check of the file (hashed when its stat is not the one recorded). */
  private startJob(media: MediaRow, check: () => Promise<ServedMedia>): void {
    const sha256 = media.sha256
    this.removeLeftovers(sha256)
    const abort = new AbortController()
    const job: Job = {
      progress: 0,
      partial: null,
      abort,
      failure: null,
      cancelled: false,
      done: Promise.resolve(),
    }
    job.done = (async () => {
      try {
        // Never decoded from a file known not to be the episode's: one replaced since it was last
        // checked is hashed first (and shown changed), and one changed while it is read keeps no peaks.
        const checked = await check()
        const probe = await probeMedia(checked.path)
        await computePeaks(checked.path, this.fileFor(sha256), {
          checkedStat: { sizeBytes: checked.sizeBytes, mtimeMs: checked.mtimeMs },
          expectedSeconds: media.duration_seconds,
          overviewFile: this.fileFor(sha256, 'overview'),
          sampleRate: probe.sampleRate,
          audioCodec: probe.audioCodec,
          durationSeconds: probe.durationSeconds,
          signal: abort.signal,
          onProgress: (fraction) => (job.progress = fraction),
          onPartial: (peaks) => (job.partial = { peaks, durationSeconds: probe.durationSeconds }),
        })
        this.jobs.delete(sha256)
      } catch (error) {
        if (!job.cancelled) job.failure = (error as Error).message
      }
    })()
    this.jobs.set(sha256, job)
  }
}

/** Whether a process with this id runs (another Episcore may be writing the same peaks). */
function processRuns(pid: number): boolean {
  if (pid === process.pid) return true
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

export const peaksFolderBeside = (databaseFile: string): string =>
  path.join(path.dirname(path.resolve(databaseFile)), 'episcore-cache', 'peaks')
