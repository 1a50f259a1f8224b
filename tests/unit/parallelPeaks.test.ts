import fs from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/core/db/openDatabase'
import { createEpisode } from '../../src/core/episodes/createEpisode'
import { computePeaks, type PeaksOptions, type PeaksRun } from '../../src/core/media/computePeaks'
import { decoders } from '../../src/core/media/decoderPool'
import { sha256File } from '../../src/core/media/hashFile'
import { PeaksCache } from '../../src/core/media/peaksCache'
import { alignedSamples, planRanges, sameSamples } from '../../src/core/media/peakRanges'
import { probeMedia } from '../../src/core/media/probeMedia'
import { ffmpegPath } from '../../src/core/media/tools'
import { readWaveformData } from '../../src/shared/waveformData'
import { mediaFormats, speechMp3 } from '../generateMedia'
import { tempFolder } from '../tempFolder'

/** This process's ffmpeg children, read from /proc (Linux). */
function ffmpegChildren(): number[] {
  const pids: number[] = []
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8')
      // pid (comm) state ppid …: comm may hold spaces, so read past its closing parenthesis.
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      if (ppid === process.pid && comm.startsWith('ffmpeg')) pids.push(Number(entry))
    } catch {
      // Ended between the listing and the read.
    }
  }
  return pids
}

const realFfmpeg = ffmpegPath()

/** ffmpeg reading its input at the media's own pace (`-re`): a decode that lasts long enough to watch. */
function slowFfmpeg(): void {
  const script = path.join(tempFolder(), 'ffmpeg')
  fs.writeFileSync(script, `#!/bin/sh\nexec "${realFfmpeg}" -re "$@"\n`, { mode: 0o755 })
  process.env.EPISCORE_FFMPEG = script
}

const ffmpegSetting = process.env.EPISCORE_FFMPEG
afterEach(() => {
  if (ffmpegSetting === undefined) delete process.env.EPISCORE_FFMPEG
  else process.env.EPISCORE_FFMPEG = ffmpegSetting
})

interface Peaks {
  dir: string
  run: PeaksRun
  full: Int16Array
  overview: Int16Array
}

async function peaksOf(media: string, options: Partial<PeaksOptions>): Promise<Peaks> {
  const probe = await probeMedia(media)
  const dir = tempFolder()
  const run = await computePeaks(media, path.join(dir, 'full.dat'), {
    sampleRate: probe.sampleRate,
    durationSeconds: probe.durationSeconds,
    audioCodec: probe.audioCodec,
    overviewFile: path.join(dir, 'overview.dat'),
    ...options,
  })
  const read = (name: string): Int16Array =>
    readWaveformData(fs.readFileSync(path.join(dir, name))).data as Int16Array
  return { dir, run, full: read('full.dat'), overview: read('overview.dat') }
}

/** Same number of points, each within `within` (one unit of the 16-bit value unless said). */
function expectSamePeaks(actual: Int16Array, expected: Int16Array, what: string, within = 1): void {
  expect(actual.length, what).toBe(expected.length)
  let worst = 0
  for (let i = 0; i < actual.length; i++)
    worst = Math.max(worst, Math.abs((actual[i] as number) - (expected[i] as number)))
  expect(worst, what).toBeLessThanOrEqual(within)
}

/**
 * AAC's noise-substituted bands, drawn at random from the file's start, differ after a seek: the peaks
 * then differ by that noise, kept under a pixel of a waveform 256 px tall (each half 128 px, so 256 of
 * 32,768). Seen: 46 at 96 kb/s, 152 at 32 kb/s mono, where more bands are noise.
 */
const NOISE_BANDS = 256

describe('peaks decoded in ranges side by side', () => {
  // A short minimum range so that files of seconds are split as an hour is.
  const split = { minRangeSeconds: 8 }

  it.each([
    ['mp3 CBR', () => mediaFormats.mp3Cbr(40), 3, true, 1],
    ['mp3 VBR without a seek table', () => mediaFormats.mp3VbrNoSeekTable(40), 3, null, 1],
    ['m4a (AAC without noise bands)', () => mediaFormats.m4aWithoutNoiseBands(40), 2, true, 1],
    ['m4a (AAC with noise bands)', () => mediaFormats.m4a(40), 2, true, NOISE_BANDS],
    ['wav', () => mediaFormats.wav(40), 4, true, 1],
    ['opus', () => mediaFormats.opus(40), 3, true, 1],
    ['mp4 (AAC with noise bands, beside video)', () => mediaFormats.mp4(40), 2, true, NOISE_BANDS],
  ] as const)(
    '%s: equal the single pass (same points, each within 1, or within the noise of AAC noise bands)',
    async (format, make, ranges, inRanges, within) => {
      const media = make()
      const single = await peaksOf(media, { ranges: 1 })
      expect(single.run).toEqual({ ranges: 1, fellBack: null })
      const parallel = await peaksOf(media, { ...split, ranges })
      expectSamePeaks(parallel.full, single.full, `${format}, full level`, within)
      expectSamePeaks(parallel.overview, single.overview, `${format}, overview`, within)
      // The VBR mp3 may fall back.
      if (inRanges) expect(parallel.run).toEqual({ ranges, fellBack: null })
    },
    60_000,
  )

  it('decodes media too short for two ranges in one pass', async () => {
    const run = (await peaksOf(mediaFormats.mp3Cbr(50), { ranges: 4 })).run
    expect(run).toEqual({ ranges: 1, fellBack: null })
    expect(planRanges(59.9, 44_100, 441, 4)).toBeNull()
    expect(planRanges(60, 44_100, 441, 4)?.length).toBe(2)
  })

  it('plans boundaries on whole pixels and seeks on whole microseconds', () => {
    for (const [rate, spp] of [
      [44_100, 441],
      [48_000, 480],
      [22_050, 220],
      [8_000, 80],
    ] as const) {
      const plan = planRanges(3600.37, rate, spp, 4) ?? []
      expect(plan.length).toBe(4)
      for (const [k, range] of plan.entries()) {
        expect(range.keepFrom % spp).toBe(0)
        expect(Number.isInteger((range.seekSample * 1e6) / rate)).toBe(true)
        expect(range.keepTo).toBe(plan[k + 1]?.keepFrom ?? null)
        if (k > 0) expect(range.keepFrom - range.seekSample).toBeGreaterThanOrEqual(1.5 * rate)
      }
    }
  })

  it('takes an overlap of silence as no proof: silence matches itself at any offset', () => {
    expect(sameSamples(new Int16Array(100), new Int16Array(100))).toBe(false)
    expect(sameSamples(Int16Array.from([1, 2, 3]), Int16Array.from([1, 2, 3]))).toBe(true)
    expect(sameSamples(Int16Array.from([1, 2, 3]), Int16Array.from([1, 2, 4]))).toBe(false)
    expect(sameSamples(new Int16Array(0), new Int16Array(0))).toBe(false)
  })

  it('takes AAC ranges as aligned when they differ only by noise, never when one sample off', () => {
    // A slow sound (a 110 Hz hum at 44.1 kHz), where a sample's shift changes little.
    const hum = Int16Array.from({ length: 44_100 }, (_, i) =>
      Math.round(8000 * Math.sin((2 * Math.PI * 110 * i) / 44_100)),
    )
    let seed = 7
    const noise = (): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) % 41) - 20
    const withOtherNoise = hum.map((x) => x + noise())
    expect(alignedSamples(hum, hum)).toBe(true)
    expect(alignedSamples(hum, withOtherNoise)).toBe(true)
    expect(alignedSamples(hum.subarray(1), hum.subarray(0, -1))).toBe(false)
    expect(alignedSamples(hum.subarray(0, -1), hum.subarray(1))).toBe(false)
    // Noise as loud as the sound is not noise bands; near silence proves nothing; nor do lengths apart.
    expect(
      alignedSamples(
        hum,
        hum.map((x) => x + 200 * noise()),
      ),
    ).toBe(false)
    expect(
      alignedSamples(
        new Int16Array(100).fill(3),
        Int16Array.from({ length: 100 }, () => 3 + noise()),
      ),
    ).toBe(false)
    expect(alignedSamples(hum, hum.subarray(1))).toBe(false)
  })

  it.skipIf(process.platform !== 'linux').each([
    ['mp3', () => mediaFormats.mp3Cbr(40)],
    ['AAC with noise bands', () => mediaFormats.m4a(40)],
  ] as const)(
    'falls back to one pass when an overlap does not match, and says why (%s)',
    async (_format, make) => {
      // A decoder whose every seek lands one sample late, as a seek estimated from the bitrate may.
      const script = path.join(tempFolder(), 'ffmpeg')
      fs.writeFileSync(
        script,
        [
          '#!/bin/sh',
          'case " $* " in *" -ss "*)',
          '  for a; do shift; case "$a" in asetnsamples=*) set -- "$@" "atrim=start_sample=1,$a";; *) set -- "$@" "$a";; esac; done;;',
          'esac',
          `exec "${realFfmpeg}" "$@"`,
          '',
        ].join('\n'),
        { mode: 0o755 },
      )
      const media = make()
      const single = await peaksOf(media, { ranges: 1 })
      process.env.EPISCORE_FFMPEG = script
      const shifted = await peaksOf(media, { ...split, ranges: 2 })
      expect(shifted.run.ranges).toBe(1)
      expect(shifted.run.fellBack).toMatch(/does not match the previous one/)
      expectSamePeaks(shifted.full, single.full, 'after the fallback')
    },
    60_000,
  )

  it.skipIf(process.platform !== 'linux')(
    "cancel ends every range's process and leaves no file",
    async () => {
      slowFfmpeg()
      const media = mediaFormats.mp3Cbr(40)
      const probe = await probeMedia(media)
      const dir = tempFolder()
      const abort = new AbortController()
      const running = computePeaks(media, path.join(dir, 'full.dat'), {
        sampleRate: probe.sampleRate,
        durationSeconds: probe.durationSeconds,
        audioCodec: probe.audioCodec,
        overviewFile: path.join(dir, 'overview.dat'),
        signal: abort.signal,
        ...split,
        ranges: decoders.size,
      })
      const deadline = Date.now() + 10_000
      while (ffmpegChildren().length < decoders.size && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 10))
      const pids = ffmpegChildren()
      expect(pids.length).toBe(decoders.size)
      abort.abort()
      await expect(running).rejects.toThrow(/cancelled/)
      await new Promise((resolve) => setTimeout(resolve, 100))
      expect(ffmpegChildren()).toEqual([])
      for (const pid of pids) expect(fs.existsSync(`/proc/${pid}`)).toBe(false)
      expect(fs.readdirSync(dir)).toEqual([])
      expect(decoders.load).toEqual({ running: 0, waiting: 0 })
    },
    30_000,
  )

  it.skipIf(process.platform !== 'linux')(
    'two jobs share the one pool: never more decoders at once than its size, the others queued',
    async () => {
      const media = [mediaFormats.mp3Cbr(121), mediaFormats.mp3Cbr(122)]
      const probes = await Promise.all(media.map((file) => probeMedia(file)))
      const dir = tempFolder()
      let most = 0
      const watch = setInterval(() => (most = Math.max(most, ffmpegChildren().length)), 2)
      try {
        // Each job asks for all its ranges' slots at once, so the second one's wait from the start.
        const jobs = media.map((file, i) =>
          computePeaks(file, path.join(dir, `${i}.dat`), {
            sampleRate: probes[i]?.sampleRate ?? 0,
            durationSeconds: probes[i]?.durationSeconds ?? 0,
            audioCodec: probes[i]?.audioCodec ?? '',
            ranges: 4,
          }),
        )
        expect(decoders.load).toEqual({ running: decoders.size, waiting: 8 - decoders.size })
        expect(await Promise.all(jobs)).toEqual([
          { ranges: 4, fellBack: null },
          { ranges: 4, fellBack: null },
        ])
      } finally {
        clearInterval(watch)
      }
      expect(most).toBeGreaterThan(0)
      expect(most).toBeLessThanOrEqual(decoders.size)
      expect(decoders.load).toEqual({ running: 0, waiting: 0 })
      for (const [i, file] of media.entries()) {
        const single = await peaksOf(file, { ranges: 1 })
        const parallel = readWaveformData(fs.readFileSync(path.join(dir, `${i}.dat`)))
        expectSamePeaks(parallel.data as Int16Array, single.full, file)
      }
    },
    60_000,
  )

  it('a half-written cache left by a crash is never taken as the peaks, and is removed', async () => {
    const dir = tempFolder()
    const db = openDatabase(path.join(dir, 'db.sqlite'))
    const media = speechMp3(12)
    const id = await createEpisode(db, { mediaPath: media })
    const sha = await sha256File(media)
    const folder = path.join(dir, 'peaks')
    fs.mkdirSync(folder, { recursive: true })
    // What a process killed mid-write leaves: complete-looking bytes under the temporary names, the
    // overview even renamed (it is written first), from a process that no longer runs.
    const done = await peaksOf(media, {})
    const whole = fs.readFileSync(path.join(done.dir, 'full.dat'))
    const dead = 2 ** 22 + 12_345
    expect(fs.existsSync(`/proc/${dead}`)).toBe(false)
    fs.writeFileSync(path.join(folder, `${sha}.dat.${dead}.1700000000000.tmp`), whole)
    fs.writeFileSync(path.join(folder, `${sha}.overview.dat.${dead}.1700000000000.tmp`), whole)
    fs.writeFileSync(path.join(folder, `${sha}.overview.dat`), whole)
    const cache = new PeaksCache(folder)
    expect(cache.status(db, id, 'peek')).toEqual({ state: 'missing' })
    expect(cache.status(db, id, 'start')).toMatchObject({ state: 'computing' })
    await cache.fileForEpisode(db, id)
    expect(fs.readdirSync(folder).sort()).toEqual([`${sha}.dat`, `${sha}.overview.dat`])
    expect(readWaveformData(fs.readFileSync(path.join(folder, `${sha}.dat`))).data).toEqual(done.full)
    db.close()
  })
})
