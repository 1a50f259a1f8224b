import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/core/db/openDatabase'
import { createEpisode } from '../../src/core/episodes/createEpisode'
import { episodeView } from '../../src/core/episodes/episodeQueries'
import { relinkMedia } from '../../src/core/episodes/relinkMedia'
import { PeaksCache } from '../../src/core/media/peaksCache'
import { probeMedia } from '../../src/core/media/probeMedia'
import { readWaveformData } from '../../src/shared/waveformData'
import { speechMp3, videoWithSpeech, videoWithoutAudio } from '../generateMedia'
import { AUDIO_FORMATS } from '../fixtureFiles'
import { tempFolder } from '../tempFolder'

const BIN = path.resolve(__dirname, '..', '..', 'bin', 'episcore')

describe('media probing', () => {
  it('reads a generated video: kind video, its duration and codecs', async () => {
    const probe = await probeMedia(videoWithSpeech(3))
    expect(probe).toMatchObject({ kind: 'video', audioCodec: 'aac', videoCodec: 'h264' })
    expect(probe.durationSeconds).toBeGreaterThan(2.9)
    expect(probe.durationSeconds).toBeLessThan(3.2)
  })

  it('refuses a video without an audio stream, and a truncated file, each with a one-line reason', async () => {
    await expect(probeMedia(videoWithoutAudio(1))).rejects.toThrow(
      /^silent-video-1s\.mp4 cannot be used as media: it has no audio stream$/,
    )
    const whole = fs.readFileSync(videoWithSpeech(2))
    const truncated = path.join(tempFolder(), 'truncated.mp4')
    fs.writeFileSync(truncated, whole.subarray(0, 600))
    const error = await probeMedia(truncated).catch((e: Error) => e)
    expect(error).toBeInstanceOf(Error)
    expect((error as Error).message).toMatch(/^truncated\.mp4 cannot be used as media: /)
    expect((error as Error).message).not.toContain('\n')
  })

  it('reads every audio container of the fixture clip', async () => {
    for (const ext of ['wav', 'flac', 'mp3', 'ogg', 'aac', 'mp4', 'webm']) {
      const probe = await probeMedia(path.join(AUDIO_FORMATS, `p001.${ext}`))
      expect(probe.kind, ext).toBe('audio')
      expect(probe.durationSeconds, ext).toBeGreaterThan(8)
      expect(probe.durationSeconds, ext).toBeLessThan(10)
    }
  })
})

describe('peaks cache', () => {
  it('computes once in the background with progress, then a second open reads the cache without decoding', async () => {
    const dir = tempFolder()
    const db = openDatabase(path.join(dir, 'db.sqlite'))
    const media = speechMp3(30)
    const id = await createEpisode(db, { mediaPath: media })
    const cache = new PeaksCache(path.join(dir, 'peaks'))
    expect(cache.status(db, id, 'peek')).toEqual({ state: 'missing' })
    expect(cache.status(db, id)).toMatchObject({ state: 'computing' })
    const file = await cache.fileForEpisode(db, id)
    expect(cache.status(db, id)).toEqual({ state: 'ready' })
    expect(readWaveformData(fs.readFileSync(file)).length).toBeGreaterThan(2990)

    // A second episode on a copy of the same file (another name) finds the same peaks: nothing decodes.
    const copy = path.join(dir, 'same-content.mp3')
    fs.copyFileSync(media, copy)
    const second = await createEpisode(db, { mediaPath: copy })
    const before = fs.statSync(file).mtimeMs
    expect(cache.status(db, second, 'peek')).toEqual({ state: 'ready' })
    expect(await cache.fileForEpisode(db, second)).toBe(file)
    expect(fs.statSync(file).mtimeMs).toBe(before)
    db.close()
  })

  it('cancels a computation, leaves no file, and starts again only when asked', async () => {
    const dir = tempFolder()
    const db = openDatabase(path.join(dir, 'db.sqlite'))
    const id = await createEpisode(db, { mediaPath: speechMp3(60) })
    const cache = new PeaksCache(path.join(dir, 'peaks'))
    expect(cache.status(db, id)).toMatchObject({ state: 'computing' })
    expect(cache.cancel(db, id)).toEqual({ state: 'cancelled' })
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(cache.status(db, id)).toEqual({ state: 'cancelled' })
    expect(fs.existsSync(path.join(dir, 'peaks')) ? fs.readdirSync(path.join(dir, 'peaks')) : []).toEqual([])
    expect(cache.status(db, id, 'restart')).toMatchObject({ state: 'computing' })
    await cache.fileForEpisode(db, id)
    expect(cache.status(db, id)).toEqual({ state: 'ready' })
    db.close()
  })
})

describe('relinking moved media', () => {
  it('accepts the same file under a new path as the same content, and warns for another file', async () => {
    const dir = tempFolder()
    const db = openDatabase(path.join(dir, 'db.sqlite'))
    const original = speechMp3(5)
    const id = await createEpisode(db, { mediaPath: original })
    const moved = path.join(dir, 'moved.mp3')
    fs.renameSync(original, moved)
    expect(episodeView(db, id).media?.available).toBe(false)
    expect(await relinkMedia(db, id, moved)).toEqual({ sameContent: true })
    expect(episodeView(db, id).media).toEqual({
      fileName: 'moved.mp3',
      kind: 'audio',
      available: true,
      changed: false,
      declaredSeconds: null,
    })
    expect(await relinkMedia(db, id, speechMp3(4))).toEqual({ sameContent: false })
    expect(episodeView(db, id).summary.durationSeconds).toBeLessThan(4.2)
    await expect(relinkMedia(db, id, path.join(dir, 'nothing.mp3'))).rejects.toThrow(/media file not found/)
    db.close()
  })
})

describe('episcore peaks', () => {
  it('writes a BBC v2 file at the asked resolution', () => {
    const media = speechMp3(10)
    const out = path.join(tempFolder(), 'p.dat')
    const run = spawnSync(BIN, ['peaks', media, '--out', out, '--pixels-per-second', '20'], {
      encoding: 'utf8',
    })
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)
    const waveform = readWaveformData(fs.readFileSync(out))
    expect(waveform).toMatchObject({
      version: 2,
      bits: 16,
      channels: 1,
      sampleRate: 44100,
      samplesPerPixel: 2205,
    })
    expect(Math.abs(waveform.length - 200)).toBeLessThanOrEqual(2)
  })
})
