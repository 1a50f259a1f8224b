import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/core/db/openDatabase'
import { computePeaks } from '../../src/core/media/computePeaks'
import { PeaksCache } from '../../src/core/media/peaksCache'
import { FileRefs } from '../../src/core/service/fileRefs'
import { createHandlers, dispatch } from '../../src/core/service/handlers'
import type { EpisodeView, PeaksStatus } from '../../src/shared/contract'
import type { Reply } from '../../src/shared/result'
import { longSpeechMp3, speechMp3 } from '../generateMedia'
import { tempFolder } from '../tempFolder'

/** A library with one episode made from a copy of `media` (the copy is the one replaced). */
async function library(media: string) {
  const dir = tempFolder()
  const file = path.join(dir, 'episode.mp3')
  fs.copyFileSync(media, file)
  const db = openDatabase(path.join(dir, 'db.sqlite'))
  const files = new FileRefs()
  const peaksFolder = path.join(dir, 'peaks')
  const handlers = createHandlers({ db, files, peaks: new PeaksCache(peaksFolder) })
  const call = async <T>(method: string, request: object): Promise<T> => {
    const reply = (await dispatch(handlers, method, request)) as Reply<T>
    if (!reply.ok) throw new Error(`${method}: ${reply.error.code}: ${reply.error.message}`)
    return reply.value
  }
  const { id } = await call<{ id: string }>('episodes.create', { media: files.register(file) })
  /** Asks for the waveform, then waits until it is no longer being computed. */
  const peaksOutcome = async (): Promise<PeaksStatus> => {
    let status = await call<PeaksStatus>('media.peaks', { id })
    while (status.state === 'computing') {
      await new Promise((resolve) => setTimeout(resolve, 20))
      status = await call<PeaksStatus>('media.peaks', { id })
    }
    return status
  }
  const waveforms = (): string[] =>
    fs.existsSync(peaksFolder) ? fs.readdirSync(peaksFolder).filter((n) => n.endsWith('.dat')) : []
  return { id, file, db, call, peaksOutcome, waveforms }
}

/** Writes `other`'s bytes over `file`, keeping `file`'s modification time: only the size tells. */
function replaceKeepingTime(file: string, other: string): void {
  const { atime, mtime } = fs.statSync(file)
  fs.copyFileSync(other, file)
  fs.utimesSync(file, atime, mtime)
}

describe('media replaced on disk', () => {
  it('is shown changed by the next open, before anything asked for the media, and gives no waveform', async () => {
    const { id, file, call, peaksOutcome, waveforms } = await library(speechMp3(8))
    expect((await call<EpisodeView>('episodes.open', { id })).media?.changed).toBe(false)

    replaceKeepingTime(file, speechMp3(5))
    expect((await call<EpisodeView>('episodes.open', { id })).media?.changed).toBe(true)
    const peaks = await peaksOutcome()
    expect(peaks).toEqual({ state: 'unavailable', message: expect.stringContaining('replaced on disk') })
    expect(waveforms()).toEqual([])
  })

  it('gives no waveform when the waveform is asked for first, and the next open shows it changed', async () => {
    const { id, file, call, peaksOutcome, waveforms } = await library(speechMp3(8))
    replaceKeepingTime(file, speechMp3(5))
    const peaks = await peaksOutcome()
    expect(peaks.state).not.toBe('ready')
    expect(peaks).toMatchObject({ message: expect.stringContaining('replaced on disk') })
    expect(waveforms()).toEqual([])
    expect((await call<EpisodeView>('episodes.open', { id })).media?.changed).toBe(true)
  })

  it('cut short while its waveform is computed leaves an error and no waveform, and the whole file computes it again', async () => {
    const whole = longSpeechMp3(20)
    const { id, file, db, call, peaksOutcome, waveforms } = await library(whole)
    const peaks = new PeaksCache(path.join(path.dirname(file), 'peaks'))
    expect(peaks.status(db, id, 'start').state).toBe('computing')
    // Cut to a quarter as soon as some audio is decoded (a copy broken off, a sync tool rewriting it).
    let cut = false
    while (peaks.status(db, id, 'peek').state === 'computing') {
      const decoded = peaks.partial(db, id, 600)?.filled.reduce((sum, [from, to]) => sum + to - from, 0) ?? 0
      if (!cut && decoded > 0) {
        fs.truncateSync(file, Math.floor(fs.statSync(file).size / 4))
        cut = true
      }
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    expect(cut, 'the file was cut while it was decoded').toBe(true)
    expect(peaks.status(db, id, 'peek')).toEqual({
      state: 'failed',
      message: expect.stringMatching(
        /^the media file episode\.mp3 changed on disk while its waveform was computed/,
      ),
    })
    expect(waveforms()).toEqual([])

    // The content put back (its time too) is the episode's again: the waveform is the whole file's.
    const { mtime } = fs.statSync(file)
    fs.copyFileSync(whole, file)
    fs.utimesSync(file, mtime, mtime)
    expect((await call<EpisodeView>('episodes.open', { id })).media?.changed).toBe(false)
    expect(await peaksOutcome()).toEqual({ state: 'ready' })
    expect(waveforms()).toHaveLength(2)
  })

  it('decoded shorter than the episode it was linked to leaves an error, not a short waveform', async () => {
    const out = path.join(tempFolder(), 'peaks.dat')
    const media = speechMp3(5)
    const run = computePeaks(media, out, { sampleRate: 44_100, durationSeconds: 30, expectedSeconds: 30 })
    await expect(run).rejects.toThrow(/^only 0:0[45] of the 0:30 of speech-5s\.mp3 decoded/)
    expect(fs.existsSync(out)).toBe(false)
  })
})
