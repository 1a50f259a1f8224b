import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/core/db/openDatabase'
import { createEpisode } from '../../src/core/episodes/createEpisode'
import type { PartialPeaks } from '../../src/core/media/computePeaks'
import { partialPeaksView } from '../../src/core/media/partialPeaks'
import { PeaksCache } from '../../src/core/media/peaksCache'
import { readWaveformData } from '../../src/shared/waveformData'
import { longSpeechMp3 } from '../generateMedia'
import { tempFolder } from '../tempFolder'

/** A decode's state made by hand: runs of pairs where the values say their own index. */
function runsOf(sampleRate: number, samplesPerPixel: number, runs: [number, number][]): PartialPeaks {
  return {
    sampleRate,
    samplesPerPixel,
    runs: () =>
      runs.map(([first, count]) => ({
        firstPair: first,
        pairs: Int16Array.from({ length: count * 2 }, (_, i) => (i % 2 === 0 ? -1 : 1) * (first + (i >> 1))),
      })),
  }
}

describe('the waveform of a decode under way', () => {
  it('spans the whole media, each point the min and max of the pairs it covers, 0 where nothing is decoded', () => {
    // 100 pairs a second for 10 s; decoded: 0-2 s and 5-6 s (two ranges of a parallel decode).
    const view = partialPeaksView(
      runsOf(1000, 10, [
        [0, 200],
        [500, 100],
      ]),
      10,
      100,
    )
    expect(view.secondsPerPoint).toBe(0.1)
    expect(view.pairs).toHaveLength(200)
    expect(view.filled).toEqual([
      [0, 2],
      [5, 6],
    ])
    // Point 3 covers pairs 30-39 (each -i, i): their min is -39, their max 39.
    expect(view.pairs.slice(6, 8)).toEqual([-39, 39])
    expect(view.pairs.slice(40, 42)).toEqual([0, 0])
    expect(view.pairs.slice(100, 102)).toEqual([-509, 509])
  })

  it('is what the finished waveform says where it is decoded, while the decode goes on', async () => {
    const db = openDatabase(path.join(tempFolder(), 'episcore.sqlite'))
    const id = await createEpisode(db, { mediaPath: longSpeechMp3(20), title: 'Filling in' })
    const peaks = new PeaksCache(tempFolder())
    expect(peaks.status(db, id, 'start').state).toBe('computing')
    let seen = null
    while (peaks.status(db, id, 'peek').state === 'computing') {
      const view = peaks.partial(db, id, 600)
      const decoded = view?.filled.reduce((sum, [from, to]) => sum + (to - from), 0) ?? 0
      if (view && decoded > 30 && decoded < 20 * 60 - 30) seen ??= view
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    expect(seen, 'a partial waveform while the decode went on').not.toBeNull()
    if (!seen) return
    expect(peaks.partial(db, id, 600)).toBeNull()

    const full = readWaveformData(fs.readFileSync(await peaks.fileForEpisode(db, id)))
    const whole = partialPeaksView(
      {
        sampleRate: full.sampleRate,
        samplesPerPixel: full.samplesPerPixel,
        runs: () => [{ firstPair: 0, pairs: Int16Array.from(full.data) }],
      },
      full.length * (full.samplesPerPixel / full.sampleRate),
      600,
    )
    expect(seen.secondsPerPoint).toBeCloseTo(whole.secondsPerPoint, 2)
    // Every point wholly in a decoded stretch is the finished one; every point wholly out of them is flat.
    const step = seen.secondsPerPoint
    const filled = seen.filled
    const within = (i: number): boolean =>
      filled.some(([from, to]) => i * step >= from && (i + 1) * step <= to)
    const outside = (i: number): boolean =>
      filled.every(([from, to]) => (i + 1) * step <= from || i * step >= to)
    let checked = 0
    for (let i = 0; i < seen.pairs.length / 2; i++) {
      const point = seen.pairs.slice(i * 2, i * 2 + 2)
      if (within(i)) expect(point, `point ${i}`).toEqual(whole.pairs.slice(i * 2, i * 2 + 2))
      else if (outside(i)) expect(point, `point ${i}`).toEqual([0, 0])
      else continue
      checked++
    }
    expect(checked).toBeGreaterThan(seen.pairs.length / 2 - 10)
    db.close()
  })
})
