import fs from 'node:fs'
import path from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { UserError } from '../../src/core/errors'
import type { ParsedTranscript } from '../../src/core/transcript/parsedTranscript'
import { parseTranscript } from '../../src/core/transcript/parseTranscript'
import { INTERVIEW_VTT } from '../sampleTranscripts'
import { FIXTURES } from '../fixtureFiles'
import {
  CostBound,
  FUZZ_TIMEOUT_MS,
  deepJsonText,
  NUM_RUNS,
  expectPlainMessage,
  mutatedBytes,
  mutatedJson,
  randomBytes,
  randomText,
  show,
  shortReport,
  timed,
} from './fuzzing'

const KARAOKE_VTT = `WEBVTT - with a header

STYLE
::cue { color: yellow }

REGION
id:left width:40%

NOTE the voices overlap in the second cue

intro
00:00.000 --> 00:02.500 align:start position:10% region:left
<v.loud Alice><00:00.500>Hello <00:01.000>there <c.x>friend</c></v>

00:02.500 --> 00:04.000
<v Bob>Hi &amp; welcome
<v Alice>Thanks!

01:00:00.000 --> 01:00:01.000
<i>last</i> words
`

const INTERVIEW_SRT = `1
00:00:01,000 --> 00:00:04,000
ALICE: Welcome to the show.

2
00:00:04,500 --> 00:00:09,000 X1:100 X2:200 Y1:10 Y2:20
{\\an8}<i>Bob:</i> Thanks for having me.

3
 0: 0:26, 26 --> 00:00:30.5
A third cue
on two lines
`

const PODCASTING_JSON = JSON.stringify({
  version: '1.0.0',
  segments: [
    { speaker: 'Alice', startTime: 0.5, endTime: 2, body: 'Hello there.' },
    { speaker: 'Bob', startTime: 2, endTime: 4.25, body: 'Hi, Alice.' },
    { startTime: 5, endTime: 6, body: 'Nobody in particular.' },
  ],
})

const WHISPER_JSON = JSON.stringify({
  text: ' Hello there. How are you?',
  language: 'en',
  segments: [
    {
      id: 0,
      start: 0,
      end: 2.5,
      text: ' Hello there.',
      words: [
        { word: ' Hello', start: 0, end: 1, probability: 0.9 },
        { word: ' there.', start: 1, end: 2.5, probability: 0.8 },
      ],
    },
    { id: 1, start: 2.5, end: 4, text: ' How are you?' },
  ],
})

const WHISPER_TIMESTAMPED_JSON = JSON.stringify({
  text: 'Yes.',
  segments: [{ start: 0.2, end: 0.9, text: 'Yes.', words: [{ text: 'Yes.', start: 0.2, end: 0.9 }] }],
})

const OPENAI_VERBOSE_JSON = JSON.stringify({
  text: 'One two',
  words: [
    { word: 'One', start: 0, end: 0.4 },
    { word: 'two', start: 0.5, end: 0.9 },
  ],
})

const WHISPERX_JSON = JSON.stringify({
  segments: [
    {
      start: 0.1,
      end: 2,
      text: ' Hi there',
      speaker: 'SPEAKER_00',
      words: [
        { word: 'Hi', start: 0.1, end: 0.5, score: 0.9, speaker: 'SPEAKER_00' },
        { word: 'there', score: 0.4 },
      ],
    },
    { start: 2.1, end: 3, text: ' Yes', speaker: 'SPEAKER_01', words: [] },
  ],
  word_segments: [{ word: 'Hi', start: 0.1, end: 0.5, score: 0.9 }],
})

const deepgramWord = (word: string, start: number, speaker: number): Record<string, unknown> => ({
  word: word.toLowerCase(),
  punctuated_word: word,
  start,
  end: start + 0.4,
  confidence: 0.9,
  speaker,
})

const DEEPGRAM_REST_JSON = JSON.stringify({
  metadata: { request_id: 'x', duration: 3, channels: 1 },
  results: {
    channels: [
      {
        alternatives: [
          {
            transcript: 'Hello world. Yes.',
            confidence: 0.9,
            words: [
              deepgramWord('Hello', 0.1, 0),
              deepgramWord('world.', 0.6, 0),
              deepgramWord('Yes.', 1.5, 1),
            ],
          },
        ],
      },
    ],
  },
})

const DEEPGRAM_PARAGRAPHS_JSON = JSON.stringify({
  results: {
    channels: [
      {
        alternatives: [
          {
            transcript: 'Hello world.',
            words: [deepgramWord('Hello', 0.1, 0), deepgramWord('world.', 0.6, 0)],
            paragraphs: {
              transcript: 'Hello world.',
              paragraphs: [
                { speaker: 0, start: 0.1, end: 1, sentences: [{ text: 'Hello world.', start: 0.1, end: 1 }] },
              ],
            },
          },
        ],
      },
    ],
  },
})

const DEEPGRAM_WEBSOCKET_JSON = JSON.stringify([
  { type: 'Metadata', request_id: 'x' },
  {
    type: 'Results',
    start: 0,
    duration: 1,
    is_final: true,
    channel: { alternatives: [{ transcript: 'Hello', words: [deepgramWord('Hello', 0.1, 0)] }] },
  },
  {
    type: 'Results',
    start: 1,
    duration: 1,
    is_final: false,
    channel: { alternatives: [{ transcript: 'draft', words: [deepgramWord('draft', 1.1, 0)] }] },
  },
])

const STAMPED_TEXT = `[00:00:01] Alice: Welcome to the show.
[00:00:05] Bob: Thanks for having me.
Alice: An untimed line.
(1:02:03.5) SPEAKER_2: Much later.
`

const OTTER_TEXT = `Alice  0:01
Welcome to the show.

Bob  0:05
Thanks for having me.
`

const PLAIN_TEXT = 'Alice: Hello.\nBob: Hi.\n\nJust some words without a speaker, 10:30 is when we met.\n'

const TEXT_SAMPLES = [
  INTERVIEW_VTT,
  KARAOKE_VTT,
  INTERVIEW_SRT,
  PODCASTING_JSON,
  WHISPER_JSON,
  WHISPER_TIMESTAMPED_JSON,
  OPENAI_VERBOSE_JSON,
  WHISPERX_JSON,
  DEEPGRAM_REST_JSON,
  DEEPGRAM_PARAGRAPHS_JSON,
  DEEPGRAM_WEBSOCKET_JSON,
  STAMPED_TEXT,
  OTTER_TEXT,
  PLAIN_TEXT,
]

/** Small transcripts from the fixture files: real files, with what real tools write. */
function fixtureSamples(): Buffer[] {
  const found: Buffer[] = []
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(file)
      else if (/\.(vtt|srt|txt|json)$/.test(entry.name) && fs.statSync(file).size <= 4096)
        found.push(fs.readFileSync(file))
    }
  }
  for (const area of ['webvtt', 'srt', 'asr-json', 'podcasting20']) {
    const dir = path.join(FIXTURES, area)
    walk(dir)
  }
  return found.slice(0, 200)
}

const SAMPLES = [...TEXT_SAMPLES.map((t) => Buffer.from(t)), ...fixtureSamples()]
const JSON_SAMPLES = TEXT_SAMPLES.flatMap((t) => {
  try {
    return [JSON.parse(t) as unknown]
  } catch {
    return []
  }
})

/**
 * A read's cost over reading every sample once: the costliest of 10,000 was 2.4 times it (two cores at
 * a load of 10), so this is a margin a loaded machine keeps, and a runaway on 8 KB is still far past it.
 */
const PARSE_RATIO = 20

const input = fc.record({
  content: fc.oneof(
    { weight: 10, arbitrary: mutatedBytes(SAMPLES) },
    { weight: 1, arbitrary: fc.constantFrom(...SAMPLES) },
    // Structure kept, values wrong: what a different tool's or version's JSON looks like.
    { weight: 4, arbitrary: mutatedJson(JSON_SAMPLES).map((v) => Buffer.from(JSON.stringify(v) ?? '')) },
    { weight: 2, arbitrary: randomBytes },
    { weight: 2, arbitrary: randomText.map((t) => Buffer.from(t)) },
    { weight: 1, arbitrary: fc.jsonValue().map((v) => Buffer.from(JSON.stringify(v))) },
    { weight: 1, arbitrary: deepJsonText.map((t) => Buffer.from(t)) },
  ),
  // Bytes as read from a file, or text already decoded (the CLI and tests pass both).
  asText: fc.boolean(),
  duration: fc.option(fc.constantFrom(0, 0.001, 1, 600, 36_000, 1e9), { nil: undefined }),
})

/** What import relies on: segments to write, with times SQLite and the timeline can hold. */
function expectUsable(parsed: ParsedTranscript): void {
  expect(parsed.segments.length).toBeGreaterThan(0)
  for (const s of parsed.segments) {
    expect(Number.isFinite(s.start) && Number.isFinite(s.end)).toBe(true)
    expect(s.start).toBeGreaterThanOrEqual(0)
    expect(typeof s.text).toBe('string')
    expect(s.text.trim()).not.toBe('')
    expect(s.speaker === null || typeof s.speaker === 'string').toBe(true)
    for (const w of s.words) expect(Number.isFinite(w.start) && Number.isFinite(w.end)).toBe(true)
  }
}

describe('transcript readers under hostile input', () => {
  it(
    `parseTranscript answers a transcript or a UserError naming the file, ${NUM_RUNS} cases`,
    async () => {
      // Every sample read once: an input is one sample mutated, or at most 8 KB.
      const bound = await CostBound.measured(
        'reading every valid sample',
        () => {
          for (const sample of SAMPLES) {
            try {
              parseTranscript(sample, 'sample.txt', 3600)
            } catch {
              // A fixture may be refused (as an empty file is): its reading is the work measured.
            }
          }
        },
        PARSE_RATIO,
      )
      let calls = 0
      const formats = new Map<string, number>()
      let refused = 0
      fc.assert(
        fc.property(input, ({ content, asText, duration }) => {
          const source = asText ? new TextDecoder().decode(content) : content
          calls++
          const outcome = timed(() => parseTranscript(source, 'hostile.txt', duration), bound)
          bound.expectWithin(outcome, () => `parseTranscript(${show(source)})`)
          if (outcome.threw) {
            refused++
            const { error } = outcome
            if (!(error instanceof UserError)) throw error
            expect(error.code).toBe('invalid-input')
            expect(error.message.startsWith('hostile.txt: ')).toBe(true)
            expectPlainMessage(error.message)
          } else {
            expectUsable(outcome.value)
            formats.set(outcome.value.format, (formats.get(outcome.value.format) ?? 0) + 1)
          }
        }),
        { numRuns: NUM_RUNS, plugins: [shortReport] },
      )
      expect(calls).toBe(NUM_RUNS)
      // The mutations must reach every reader, and both sides of each: else the fuzzing proves little.
      expect([...formats.keys()].sort()).toEqual(
        ['deepgram', 'plain', 'podcasting20', 'srt', 'webvtt', 'whisper', 'whisperx'].sort(),
      )
      expect(refused).toBeGreaterThan(NUM_RUNS / 20)
    },
    FUZZ_TIMEOUT_MS,
  )
})
