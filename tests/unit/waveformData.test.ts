import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { computePeaks } from '../../src/core/media/computePeaks'
import { probeMedia } from '../../src/core/media/probeMedia'
import { channelPeaks, readWaveformData, waveformHeader } from '../../src/shared/waveformData'
import { SONNET_MP3, WAVEFORM_DATA } from '../fixtureFiles'
import { tempFolder } from '../tempFolder'

/** Header fields straight from the bytes, read independently of the reader under test. */
function rawHeader(file: string): {
  version: number
  sampleRate: number
  samplesPerPixel: number
  length: number
} {
  const b = fs.readFileSync(file)
  return {
    version: b.readInt32LE(0),
    sampleRate: b.readInt32LE(8),
    samplesPerPixel: b.readInt32LE(12),
    length: b.readUInt32LE(16),
  }
}

describe('waveform data in memory', () => {
  it('reads back a file it wrote, min and max per pixel scaled to -1..1', () => {
    const values = new Int16Array([-100, 200, -32768, 32767, 0, 0])
    const bytes = Buffer.concat([waveformHeader(16000, 160, 3), Buffer.from(values.buffer)])
    const waveform = readWaveformData(bytes)
    expect(waveform).toMatchObject({
      version: 2,
      bits: 16,
      sampleRate: 16000,
      samplesPerPixel: 160,
      channels: 1,
      length: 3,
    })
    expect(Array.from(waveform.data)).toEqual(Array.from(values))
    expect(Array.from(channelPeaks(waveform))).toEqual(Array.from(values).map((v) => v / 32768))
  })

  it('refuses a file shorter than its header says', () => {
    const bytes = Buffer.concat([waveformHeader(16000, 160, 10), Buffer.alloc(8)])
    expect(() => readWaveformData(bytes)).toThrow(
      /announces 10 points \(40 bytes of data\) but the file holds 8 bytes/,
    )
  })
})

describe('BBC audiowaveform fixtures', () => {
  const valid = fs
    .readdirSync(WAVEFORM_DATA)
    .filter((f) => f.endsWith('.dat') && (f.startsWith('test_file') || f.startsWith('0702')))

  it.each(valid)('reads the header of %s as written', (name) => {
    const file = path.join(WAVEFORM_DATA, name)
    const waveform = readWaveformData(fs.readFileSync(file))
    const raw = rawHeader(file)
    expect(waveform).toMatchObject({
      version: raw.version,
      sampleRate: raw.sampleRate,
      samplesPerPixel: raw.samplesPerPixel,
      length: raw.length,
    })
    expect(waveform.data.length).toBe(raw.length * waveform.channels * 2)
  })

  it.each([
    ['zero_length.dat', /header announces 1800 points .* holds 0 bytes/],
    ['version3.dat', /version 3 is not supported/],
    ['size_mismatch.dat', /announces 2056 points/],
    ['too_many_channels.dat', /25 channels is too many/],
    ['not_enough_channels.dat', /0 channels is too few/],
    ['sample_rate_too_low.dat', /sample rate 0 is too low/],
    ['samples_per_pixel_too_low.dat', /samples per pixel 0 is too low/],
  ])('refuses %s with a clear message', (name, message) => {
    expect(() => readWaveformData(fs.readFileSync(path.join(WAVEFORM_DATA, name)))).toThrow(message)
  })

  it('computes peaks of real speech that match its length and are not silent', async () => {
    const probe = await probeMedia(SONNET_MP3)
    const out = path.join(tempFolder(), 'sonnet.dat')
    const progress: number[] = []
    await computePeaks(SONNET_MP3, out, {
      sampleRate: probe.sampleRate,
      durationSeconds: probe.durationSeconds,
      onProgress: (f) => progress.push(f),
    })
    const waveform = readWaveformData(fs.readFileSync(out))
    expect(waveform.sampleRate).toBe(probe.sampleRate)
    // The container's duration and the decoded sample count differ by an mp3 frame or so.
    const expected = (probe.durationSeconds * probe.sampleRate) / waveform.samplesPerPixel
    expect(Math.abs(waveform.length - expected)).toBeLessThan(expected * 0.005)
    const loud = Array.from(channelPeaks(waveform)).filter((v) => Math.abs(v) > 0.1).length
    expect(loud).toBeGreaterThan(waveform.length / 4)
    expect(progress.at(-1)).toBe(1)
    expect(progress).toEqual([...progress].sort((a, b) => a - b))
  })

  it('leaves no file behind when cancelled', async () => {
    const probe = await probeMedia(SONNET_MP3)
    const dir = tempFolder()
    const abort = new AbortController()
    abort.abort()
    await expect(
      computePeaks(SONNET_MP3, path.join(dir, 'x.dat'), {
        sampleRate: probe.sampleRate,
        durationSeconds: probe.durationSeconds,
        signal: abort.signal,
      }),
    ).rejects.toThrow(/cancelled/)
    expect(fs.readdirSync(dir)).toEqual([])
  })
})
