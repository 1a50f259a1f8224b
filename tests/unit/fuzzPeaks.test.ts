import fs from 'node:fs'
import path from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { PeakFolder } from '../../src/core/media/peakFolder'
import {
  WaveformFormatError,
  channelPeaks,
  readWaveformData,
  waveformHeader,
  type WaveformData,
} from '../../src/shared/waveformData'
import { WAVEFORM_DATA } from '../fixtureFiles'
import {
  CostBound,
  FUZZ_TIMEOUT_MS,
  NUM_RUNS,
  mutatedBytes,
  randomBytes,
  show,
  shortReport,
  timed,
} from './fuzzing'

/** A file as the app writes it: samples folded by the peaks writer's own folder, behind its header. */
function writtenByTheApp(samples: number[], samplesPerPixel: number): Buffer {
  const folder = new PeakFolder(samplesPerPixel)
  folder.fold(Int16Array.from(samples))
  folder.finish()
  const pairs = folder.pairs.subarray(0, folder.count)
  return Buffer.concat([
    waveformHeader(16_000, samplesPerPixel, pairs.length / 2),
    Buffer.from(pairs.buffer, pairs.byteOffset, pairs.length * 2),
  ])
}

/** A version 1 file (no channel count): 8-bit when `bits` is 8, as audiowaveform writes with `-b 8`. */
function versionOne(bits: 8 | 16, values: number[]): Buffer {
  const header = Buffer.alloc(20)
  header.writeInt32LE(1, 0)
  header.writeUInt32LE(bits === 8 ? 1 : 0, 4)
  header.writeInt32LE(44_100, 8)
  header.writeInt32LE(256, 12)
  header.writeUInt32LE(values.length / 2, 16)
  const body =
    bits === 8 ? Buffer.from(Int8Array.from(values).buffer) : Buffer.from(Int16Array.from(values).buffer)
  return Buffer.concat([header, body])
}

function versionTwoChannels(channels: number, length: number): Buffer {
  const values = Int16Array.from(
    { length: length * channels * 2 },
    (_, i) => (i % 2 ? 1 : -1) * ((i * 977) % 32768),
  )
  return Buffer.concat([waveformHeader(48_000, 512, length, channels), Buffer.from(values.buffer)])
}

const sine = Array.from({ length: 4000 }, (_, i) => Math.round(Math.sin(i / 20) * 30_000))

const SAMPLES: Buffer[] = [
  writtenByTheApp(sine, 160),
  writtenByTheApp(sine.slice(0, 333), 7),
  writtenByTheApp([], 160),
  writtenByTheApp([-32768, 32767], 2),
  versionOne(8, [-128, 127, 0, 0, -5, 5]),
  versionOne(16, [-32768, 32767, -1, 1]),
  versionTwoChannels(2, 20),
  versionTwoChannels(24, 2),
  ...fs
    .readdirSync(WAVEFORM_DATA)
    .filter((f) => f.endsWith('.dat'))
    .map((f) => fs.readFileSync(path.join(WAVEFORM_DATA, f)).subarray(0, 8192)),
]

const HEADER_VALUES = [0, 1, 2, 3, -1, 2, 24, 25, 0x7fffffff, -0x80000000, 0xffffffff, 0x80000000, 1 << 29]

/** Header fields set to edge values, one at a time: the checks between the fields are what is fuzzed. */
const headerEdit = fc
  .record({
    sample: fc.constantFrom(...SAMPLES.slice(0, 8)),
    field: fc.constantFrom(0, 4, 8, 12, 16, 20),
    value: fc.oneof(fc.constantFrom(...HEADER_VALUES), fc.integer({ min: -0x80000000, max: 0xffffffff })),
    // Also announce exactly the points the data holds, so the later checks are reached.
    fixLength: fc.boolean(),
  })
  .map(({ sample, field, value, fixLength }) => {
    const bytes = Buffer.from(sample)
    if (value < 0) bytes.writeInt32LE(value, field)
    else bytes.writeUInt32LE(value, field)
    if (fixLength) {
      const version = bytes.readInt32LE(0)
      const channels = version === 2 ? bytes.readInt32LE(20) : 1
      const header = version === 2 ? 24 : 20
      const bytesPerPoint = channels * 2 * (bytes.readUInt32LE(4) & 1 ? 1 : 2)
      if (channels > 0) bytes.writeUInt32LE(Math.floor((bytes.length - header) / bytesPerPoint) >>> 0, 16)
    }
    return bytes
  })

/** The same bytes, as the reader may be given them: a Buffer from Node's pool, an odd offset, an ArrayBuffer. */
const placed = fc.constantFrom('buffer', 'odd-offset', 'array-buffer').map((how) => (bytes: Buffer) => {
  if (how === 'buffer') return bytes
  if (how === 'array-buffer')
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) as ArrayBuffer
  const bigger = new Uint8Array(bytes.length + 3)
  bigger.set(bytes, 3)
  return bigger.subarray(3)
})

/**
 * A read's cost over the reference's: the costliest of 10,000 was 0.43 times it (two cores at a load
 * of 10), so this is a margin a loaded machine keeps, and a runaway on 16 KB is still far past it.
 */
const READ_RATIO = 10

const input = fc.tuple(
  fc.oneof(
    { weight: 6, arbitrary: mutatedBytes(SAMPLES, 16_384) },
    { weight: 4, arbitrary: headerEdit },
    { weight: 1, arbitrary: fc.constantFrom(...SAMPLES) },
    { weight: 2, arbitrary: randomBytes },
    // A header and data of any length: the length checks, not the version check, refuse these.
    {
      weight: 2,
      arbitrary: fc.tuple(fc.constantFrom(1, 2), fc.uint8Array({ maxLength: 64 })).map(([v, rest]) => {
        const bytes = Buffer.alloc(4 + rest.length)
        bytes.writeInt32LE(v, 0)
        bytes.set(rest, 4)
        return bytes
      }),
    },
  ),
  placed,
)

function expectDrawable(w: WaveformData): void {
  expect([1, 2]).toContain(w.version)
  expect([8, 16]).toContain(w.bits)
  expect(w.sampleRate).toBeGreaterThan(0)
  expect(w.samplesPerPixel).toBeGreaterThanOrEqual(2)
  expect(w.channels >= 1 && w.channels <= 24).toBe(true)
  expect(w.data.length).toBe(w.length * w.channels * 2)
  for (let c = 0; c < w.channels; c++)
    for (const normalize of [false, true]) {
      const peaks = channelPeaks(w, c, normalize)
      expect(peaks.length).toBe(w.length * 2)
      for (const p of peaks) if (!(p >= -1 && p <= 1)) expect.fail(`peak ${p} outside -1..1`)
    }
}

describe('the peaks reader under hostile input', () => {
  it(
    `readWaveformData answers a waveform or a WaveformFormatError, ${NUM_RUNS} cases`,
    async () => {
      // Every sample read, a hundred times over: an input is at most 16 KB, a few samples' worth.
      const bound = await CostBound.measured(
        'reading every sample a hundred times',
        () => {
          for (let i = 0; i < 100; i++)
            for (const sample of SAMPLES) {
              try {
                readWaveformData(sample)
              } catch {
                // The fixture files are cut to 8 KB: checking them is the work measured.
              }
            }
        },
        READ_RATIO,
      )
      let calls = 0
      let read = 0
      fc.assert(
        fc.property(input, ([bytes, place]) => {
          const given = place(bytes)
          calls++
          const outcome = timed(() => readWaveformData(given), bound)
          bound.expectWithin(outcome, () => `readWaveformData(${show(bytes)})`)
          if (outcome.threw) {
            // A RangeError or TypeError here would be the reader indexing past the data it checked.
            if (!(outcome.error instanceof WaveformFormatError)) throw outcome.error
            expect(outcome.error.message).toMatch(/^not a valid waveform file: \S/)
          } else {
            read++
            expectDrawable(outcome.value)
          }
        }),
        { numRuns: NUM_RUNS, plugins: [shortReport] },
      )
      expect(calls).toBe(NUM_RUNS)
      expect(read).toBeGreaterThan(NUM_RUNS / 50)
    },
    FUZZ_TIMEOUT_MS,
  )
})
