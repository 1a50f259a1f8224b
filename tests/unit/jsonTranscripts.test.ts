import fs from 'node:fs'
import path from 'node:path'
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { JSON_FLAVOURS, parseJsonTranscript } from '../../src/core/transcript/parseJsonTranscript'
import {
  TranscriptJsonError,
  type ParsedTranscript,
  type TranscriptFormat,
} from '../../src/core/transcript/parsedTranscript'
import { FIXTURES, fixture } from '../fixtureFiles'

/** Every invariant a parsed transcript keeps, whatever the input. */
function expectWellFormed(transcript: ParsedTranscript): void {
  expect(transcript.segments.length).toBeGreaterThan(0)
  let previous = -Infinity
  for (const s of transcript.segments) {
    expect(Number.isFinite(s.start) && Number.isFinite(s.end)).toBe(true)
    expect(s.start).toBeLessThanOrEqual(s.end)
    expect(s.start).toBeGreaterThanOrEqual(previous)
    previous = s.start
    expect(s.text).not.toBe('')
    expect(s.text).toBe(s.text.replace(/\s+/g, ' ').trim())
    for (const w of s.words) {
      expect(w.start).toBeLessThanOrEqual(w.end)
      expect(w.start).toBeGreaterThanOrEqual(s.start)
      expect(w.end).toBeLessThanOrEqual(s.end)
    }
  }
}

const squash = (text: string): string => text.replace(/\s+/g, '')

function thrownBy(text: string): TranscriptJsonError {
  try {
    parseJsonTranscript(text)
  } catch (error) {
    if (error instanceof TranscriptJsonError) return error
    throw error
  }
  throw new Error('expected the transcript to be refused')
}

// ---- Fixture files: the expected text is read from the source here, independently of the parser. ----

type JsonObject = Record<string, unknown>
const asRecord = (v: unknown): JsonObject => (typeof v === 'object' && v !== null ? (v as JsonObject) : {})
const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : [])
const firstAlternative = (channel: unknown): JsonObject => asRecord(asList(asRecord(channel).alternatives)[0])

function deepgramText(data: unknown): string {
  if ('results' in asRecord(data))
    return String(firstAlternative(asList(asRecord(asRecord(data).results).channels)[0]).transcript ?? '')
  const messages = Array.isArray(data) ? data : [data]
  return messages
    .filter((m) => asRecord(m).is_final !== false)
    .map((m) => String(firstAlternative(asRecord(m).channel).transcript ?? ''))
    .join(' ')
}

function whisperText(data: unknown): string {
  const d = asRecord(data)
  if (typeof d.text === 'string') return d.text
  return asList(d.segments)
    .map((s) => String(asRecord(s).text ?? ''))
    .join(' ')
}

const podcastingText = (data: unknown): string =>
  asList(asRecord(data).segments)
    .map((s) => String(asRecord(s).body ?? ''))
    .join(' ')

type Expectation =
  { label: TranscriptFormat; format: TranscriptFormat; text: string } | { label: string; refusal: RegExp }

const NOT_A_TRANSCRIPT = /not a JSON transcript Episcore reads/

/** What a fixture file must give, told by its folder and name (the folders hold one flavour each). */
function expectationFor(relative: string, data: unknown): Expectation {
  const name = path.basename(relative)
  const noSpeech = (label: string): Expectation => ({ label, refusal: /no speech in the file/ })
  if (relative.startsWith('podcasting20/chapters/'))
    return { label: 'podcasting20 chapters', refusal: /chapters file, not a transcript/ }
  if (relative.startsWith('asr-json/deepgram/')) {
    // index.json lists the recordings; *.options.json are the requests; *.error.json are the SDK test's
    // records of a mismatch ({actual, expected}), not transcripts either.
    if (!name.endsWith('.response.json')) return { label: 'deepgram non-response', refusal: NOT_A_TRANSCRIPT }
    const text = deepgramText(data)
    return text.trim() ? { label: 'deepgram', format: 'deepgram', text } : noSpeech('deepgram')
  }
  if (relative.startsWith('asr-json/whisperx/'))
    return { label: 'whisperx', format: 'whisperx', text: whisperText(data) }
  if (relative.startsWith('asr-json/whisper-timestamped/')) {
    const text = whisperText(data)
    return text.trim() ? { label: 'whisper', format: 'whisper', text } : noSpeech('whisper')
  }
  return { label: 'podcasting20', format: 'podcasting20', text: podcastingText(data) }
}

function jsonFilesUnder(folder: string): string[] {
  return fs
    .readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.json'))
    .map((f) => path.join(folder, f))
    .sort()
}

const FIXTURE_FILES = ['asr-json', 'podcasting20/transcripts', 'podcasting20/chapters'].flatMap((f) =>
  jsonFilesUnder(fixture(f)),
)

const tally = new Map<string, { parsed: number; refused: number }>()
const count = (label: string, outcome: 'parsed' | 'refused'): void => {
  const entry = tally.get(label) ?? { parsed: 0, refused: 0 }
  entry[outcome]++
  tally.set(label, entry)
}

describe('JSON transcript fixtures', () => {
  afterAll(() => {
    const lines = [...tally].map(([label, n]) => `  ${label}: ${n.parsed} parsed, ${n.refused} refused`)
    console.log(`JSON transcript fixtures (${FIXTURE_FILES.length} files):\n${lines.join('\n')}`)
  })

  it.each(FIXTURE_FILES.map((f) => path.relative(FIXTURES, f).split(path.sep).join('/')))(
    '%s',
    (relative) => {
      const text = fs.readFileSync(fixture(relative), 'utf8')
      const expected = expectationFor(relative, JSON.parse(text))
      if ('refusal' in expected) {
        const error = thrownBy(text)
        expect(error.message).toMatch(expected.refusal)
        count(expected.label, 'refused')
        return
      }
      const transcript = parseJsonTranscript(text)
      expect(transcript.format).toBe(expected.format)
      expectWellFormed(transcript)
      expect(squash(transcript.segments.map((s) => s.text).join(' '))).toBe(squash(expected.text))
      count(expected.label, 'parsed')
    },
  )

  it('found transcripts of every flavour among the fixtures', () => {
    for (const format of ['podcasting20', 'whisper', 'whisperx', 'deepgram'])
      expect(tally.get(format)?.parsed ?? 0, format).toBeGreaterThan(0)
  })

  it('groups the one-word entries of the Podcasting 2.0 example into speaker turns', () => {
    const { segments } = parseJsonTranscript(
      fs.readFileSync(fixture('podcasting20', 'transcripts', 'example.json'), 'utf8'),
    )
    expect(segments.map((s) => [s.speaker, s.text, s.start, s.end, s.words.length])).toEqual([
      ['Darth Vader', 'I am your father.', 0.5, 2.5, 4],
      ['Luke', 'Nooooo', 2.75, 3, 1],
    ])
  })

  it('keeps whisper-timestamped words without punctuation beside the punctuated segment text', () => {
    const file = fixture('asr-json', 'whisper-timestamped', 'tests', 'data', 'no_punctuations.mp3.words.json')
    const [segment] = parseJsonTranscript(fs.readFileSync(file, 'utf8')).segments
    expect(segment?.text).toBe("Dis-moi, est-ce que l'avion vole?")
    expect(segment?.words.map((w) => w.text)).toEqual(['Dis-moi', 'est-ce', 'que', "l'avion", 'vole'])
  })
})

// ---- Behaviour on small hand-written inputs ----

const podcasting = (entries: object[]): string => JSON.stringify({ version: '1.0.0', segments: entries })
const deepgramRest = (alternative: object): string =>
  JSON.stringify({ metadata: {}, results: { channels: [{ alternatives: [alternative] }] } })

describe('Podcasting 2.0 JSON', () => {
  it('starts a new turn after a pause over 1.5 s, even for the same speaker', () => {
    const word = (body: string, startTime: number): object => ({
      speaker: 'A',
      startTime,
      endTime: startTime + 0.4,
      body,
    })
    const { segments } = parseJsonTranscript(podcasting([word('one', 0), word('two', 0.5), word('three', 3)]))
    expect(segments.map((s) => s.text)).toEqual(['one two', 'three'])
  })

  it('ends a turn over 30 s long at the next sentence end, not before', () => {
    const entries = Array.from({ length: 50 }, (_, i) => ({
      speaker: 'Host',
      startTime: i,
      endTime: i + 0.9,
      body: i === 10 ? 'short.' : i === 34 ? 'long.' : 'word',
    }))
    const { segments } = parseJsonTranscript(podcasting(entries))
    expect(segments.map((s) => s.words.length)).toEqual([35, 15])
    expect(segments[0]?.text.endsWith('long.')).toBe(true)
  })

  it('keeps entries that hold whole sentences as segments, without words', () => {
    const { segments } = parseJsonTranscript(
      podcasting([
        { startTime: 0, endTime: 2, body: 'Hello and welcome.' },
        { startTime: 2, endTime: 4, body: '  Today   we talk about\nJSON. ' },
      ]),
    )
    expect(segments).toEqual([
      { start: 0, end: 2, speaker: null, text: 'Hello and welcome.', words: [] },
      { start: 2, end: 4, speaker: null, text: 'Today we talk about JSON.', words: [] },
    ])
  })
})

describe('Whisper and WhisperX JSON', () => {
  it('interpolates WhisperX words the aligner left without times between their timed neighbours', () => {
    const text = JSON.stringify({
      segments: [
        {
          start: 1,
          end: 4,
          text: ' It was 1999, 2000 then',
          words: [
            { word: 'It', start: 1, end: 1.2, score: 0.9 },
            { word: 'was', start: 1.2, end: 1.5, score: 0.9 },
            { word: '1999,' },
            { word: '2000' },
            { word: 'then', start: 3.5, end: 4, score: 0.8 },
          ],
        },
      ],
      word_segments: [],
    })
    const transcript = parseJsonTranscript(text)
    expect(transcript.format).toBe('whisperx')
    expect(transcript.segments[0]?.words).toEqual([
      { text: 'It', start: 1, end: 1.2 },
      { text: 'was', start: 1.2, end: 1.5 },
      { text: '1999,', start: 1.5, end: 2.5 },
      { text: '2000', start: 2.5, end: 3.5 },
      { text: 'then', start: 3.5, end: 4 },
    ])
  })

  it('takes a diarized segment speaker, else the speaker most of its words carry', () => {
    const text = JSON.stringify({
      segments: [
        { start: 0, end: 1, text: 'Hi.', speaker: 'SPEAKER_01', words: [{ word: 'Hi.', start: 0, end: 1 }] },
        {
          start: 1,
          end: 3,
          text: 'Oh, hello there.',
          words: [
            { word: 'Oh,', start: 1, end: 1.2, speaker: 'SPEAKER_01' },
            { word: 'hello', start: 1.3, end: 2, speaker: 'SPEAKER_00' },
            { word: 'there.', start: 2, end: 3, speaker: 'SPEAKER_00' },
          ],
        },
      ],
    })
    expect(parseJsonTranscript(text).segments.map((s) => s.speaker)).toEqual(['SPEAKER_01', 'SPEAKER_00'])
  })

  it('shares the top-level words of an OpenAI verbose_json response out to its segments', () => {
    const text = JSON.stringify({
      task: 'transcribe',
      language: 'english',
      duration: 3,
      text: 'Hello there. Bye.',
      segments: [
        { id: 0, start: 0, end: 1.5, text: ' Hello there.' },
        { id: 1, start: 1.5, end: 3, text: ' Bye.' },
      ],
      words: [
        { word: 'Hello', start: 0, end: 0.5 },
        { word: 'there', start: 0.5, end: 1.2 },
        { word: 'Bye', start: 1.6, end: 2 },
      ],
    })
    const transcript = parseJsonTranscript(text)
    expect(transcript.format).toBe('whisper')
    expect(transcript.segments.map((s) => s.words.map((w) => w.text))).toEqual([['Hello', 'there'], ['Bye']])
  })

  it('refuses a transcript whose segments are all empty: no speech', () => {
    const error = thrownBy(
      JSON.stringify({ text: '', segments: [{ start: 0, end: 30, text: ' ' }], language: 'en' }),
    )
    expect(error.path).toBe('/segments')
    expect(error.message).toBe('/segments: no speech in the file')
  })
})

describe('Deepgram JSON', () => {
  const words = [
    { word: 'hi', punctuated_word: 'Hi.', start: 0, end: 0.5, confidence: 1, speaker: 0 },
    { word: 'hello', punctuated_word: 'Hello', start: 0.6, end: 1, confidence: 1, speaker: 1 },
    { word: 'there', punctuated_word: 'there.', start: 1, end: 1.3, confidence: 1, speaker: 1 },
  ]

  it('groups diarized words by speaker when there are no paragraphs, naming them as Deepgram does', () => {
    const { segments } = parseJsonTranscript(deepgramRest({ transcript: 'Hi. Hello there.', words }))
    expect(segments.map((s) => [s.speaker, s.text, s.words.length])).toEqual([
      ['Speaker 0', 'Hi.', 1],
      ['Speaker 1', 'Hello there.', 2],
    ])
  })

  it("makes a segment of each paragraph sentence, with the paragraph's speaker and the sentence's words", () => {
    const paragraphs = {
      transcript: '\nSpeaker 0: Hi.\n\nSpeaker 1: Hello there.',
      paragraphs: [
        { speaker: 0, sentences: [{ text: 'Hi.', start: 0, end: 0.5 }], start: 0, end: 0.5, num_words: 1 },
        { speaker: 1, sentences: [{ text: 'Hello there.', start: 0.6, end: 1.3 }], start: 0.6, end: 1.3 },
      ],
    }
    const { segments } = parseJsonTranscript(
      deepgramRest({ transcript: 'Hi. Hello there.', words, paragraphs }),
    )
    expect(segments).toEqual([
      { start: 0, end: 0.5, speaker: 'Speaker 0', text: 'Hi.', words: [{ start: 0, end: 0.5, text: 'Hi.' }] },
      {
        start: 0.6,
        end: 1.3,
        speaker: 'Speaker 1',
        text: 'Hello there.',
        words: [
          { start: 0.6, end: 1, text: 'Hello' },
          { start: 1, end: 1.3, text: 'there.' },
        ],
      },
    ])
  })

  it('combines the final results of a recorded websocket session, skipping interim and metadata messages', () => {
    const [hi, hello, there] = words
    const result = (isFinal: boolean, transcript: string, w: unknown[]): object => ({
      type: 'Results',
      is_final: isFinal,
      channel: { alternatives: [{ transcript, words: w }] },
    })
    const session = [
      { type: 'Metadata', request_id: 'x' },
      result(false, 'hel', [{ word: 'hel', start: 0, end: 0.3 }]),
      result(true, 'Hi.', [hi]),
      result(true, 'Hello there.', [hello, there]),
    ]
    const { segments } = parseJsonTranscript(JSON.stringify(session))
    expect(segments.map((s) => s.text)).toEqual(['Hi.', 'Hello there.'])
  })

  it('refuses a Deepgram error reply with its code and message', () => {
    const error = thrownBy(
      JSON.stringify({ err_code: 'INVALID_AUTH', err_msg: 'Invalid credentials.', request_id: 'r' }),
    )
    expect(error.message).toBe(
      '/: Deepgram answered with an error, not a transcript: INVALID_AUTH: Invalid credentials.',
    )
  })

  it('refuses a response with an empty transcript: no speech', () => {
    const error = thrownBy(deepgramRest({ transcript: '', confidence: 0, words: [] }))
    expect(error.message).toBe('/results/channels/0/alternatives/0: no speech in the file')
  })
})

// ---- Bad input ----

describe('JSON transcripts that cannot be read', () => {
  it('names the line and column of a JSON syntax error', () => {
    const error = thrownBy('{\n  "segments": [\n    {"start": 1,, "end": 2}\n  ]\n}')
    expect(error.path).toBe('')
    expect(error.message).toBe(
      '/: invalid JSON at line 3, column 17: expected a property name in double quotes',
    )
    expect(thrownBy('').message).toContain('invalid JSON at line 1, column 1: the file is empty')
    expect(thrownBy('\uFEFF{"segments": [\r\n').message).toContain('invalid JSON at line 2, column 1')
    expect(thrownBy('{"text": "a\tb"}').message).toContain('line 1, column 12: control character')
    expect(thrownBy('['.repeat(200_000)).message).toContain('unexpected end of the file')
  })

  it('names the JSON path of a value of the wrong type', () => {
    const entry = (startTime: unknown): object => ({ speaker: 'A', startTime, endTime: 3, body: 'word' })
    const wrong = thrownBy(podcasting([entry(0), entry(1), entry('2.0')]))
    expect(wrong.path).toBe('/segments/2/startTime')
    expect(wrong.message).toBe('/segments/2/startTime: expected a number, found a string ("2.0")')
    expect(thrownBy(podcasting([{ startTime: 0, endTime: 1 }])).message).toBe(
      '/segments/0/body: expected a string, but it is missing',
    )
    expect(thrownBy(podcasting([entry(-1)])).message).toBe(
      '/segments/0/startTime: expected a time in seconds, not a negative number',
    )
    expect(thrownBy('{"segments": [{"start": 0, "end": 1e999, "text": "x"}]}').message).toBe(
      '/segments/0/end: expected a number, found the number Infinity',
    )
    const whisperX = {
      segments: [{ start: 0, end: 1, text: 'a', words: [{ word: 'a', start: '0', score: 1 }] }],
    }
    expect(thrownBy(JSON.stringify(whisperX)).path).toBe('/segments/0/words/0/start')
    const badWords = [{ word: 'a', start: 0, end: 1 }, null]
    expect(thrownBy(deepgramRest({ transcript: 'a', words: badWords })).message).toBe(
      '/results/channels/0/alternatives/0/words/1: expected an object, found null',
    )
    expect(thrownBy(JSON.stringify({ results: { channels: [{ alternatives: [] }] } })).message).toBe(
      '/results/channels/0/alternatives: expected at least one alternative',
    )
    expect(thrownBy(JSON.stringify([{ type: 'Results', channel: { alternatives: 'x' } }])).message).toBe(
      '/0/channel/alternatives: expected an array, found a string ("x")',
    )
  })

  it('lists the accepted flavours when the JSON is none of them', () => {
    for (const text of ['{"hello": "world"}', '42', '[]', '{}', '"segments"']) {
      const error = thrownBy(text)
      expect(error.path).toBe('')
      expect(error.message).toContain('not a JSON transcript Episcore reads')
      expect(error.message).toContain(JSON_FLAVOURS)
    }
    for (const name of ['Podcasting 2.0', 'Whisper', 'WhisperX', 'Deepgram'])
      expect(JSON_FLAVOURS).toContain(name)
  })

  it('reads a very large transcript without overflowing the stack', () => {
    const many = Array.from({ length: 200_000 }, (_, i) => ({ word: 'w', start: i / 10, end: i / 10 + 0.1 }))
    const whisper = parseJsonTranscript(
      JSON.stringify({ segments: [{ start: 0, end: 1, text: 'w', words: many }] }),
    )
    expect(whisper.segments[0]?.end).toBeCloseTo(20_000)
    const deepgram = parseJsonTranscript(deepgramRest({ transcript: 'w', words: many }))
    expect(deepgram.segments.length).toBeGreaterThan(300)
  })
})

// ---- Property: anything at all either parses into a well-formed transcript or is a TranscriptJsonError ----

function attempt(text: string): void {
  let transcript: ParsedTranscript
  try {
    transcript = parseJsonTranscript(text)
  } catch (error) {
    if (!(error instanceof TranscriptJsonError)) throw error
    let valid = true
    try {
      JSON.parse(text.replace(/^\uFEFF/, ''))
    } catch {
      valid = false
    }
    if (!valid) expect(error.message).toMatch(/^\/: invalid JSON at line \d+, column \d+: /)
    return
  }
  expectWellFormed(transcript)
}

const odd = fc.oneof(
  fc.double(),
  fc.integer({ min: -5, max: 100 }),
  fc.string({ maxLength: 8 }),
  fc.constant(null),
  fc.boolean(),
  fc.constant([]),
  fc.constant({}),
)
const time = fc.oneof(
  { weight: 4, arbitrary: fc.double({ min: 0, max: 1e4, noNaN: true }) },
  { weight: 1, arbitrary: odd },
)
const text = fc.oneof({ weight: 4, arbitrary: fc.string({ maxLength: 12 }) }, { weight: 1, arbitrary: odd })
const loose = { requiredKeys: [] as never[] }
const word = fc.record(
  {
    word: text,
    text,
    punctuated_word: text,
    start: time,
    end: time,
    speaker: fc.oneof(fc.nat(3), odd),
    score: fc.double(),
  },
  loose,
)
const nearMisses = fc.oneof(
  fc.record({
    version: fc.constant('1.0.0'),
    segments: fc.array(fc.record({ speaker: text, startTime: time, endTime: time, body: text }, loose)),
  }),
  fc.record(
    {
      text: fc.string(),
      segments: fc.array(
        fc.record({ start: time, end: time, text, words: fc.array(word), speaker: odd }, loose),
      ),
      words: fc.array(word),
      word_segments: fc.constant([]),
    },
    { requiredKeys: ['segments'] },
  ),
  fc.record({
    results: fc.record({
      channels: fc.array(
        fc.record({
          alternatives: fc.array(
            fc.record(
              {
                transcript: fc.string(),
                words: fc.array(word),
                paragraphs: fc.record({
                  paragraphs: fc.array(
                    fc.record({
                      speaker: fc.oneof(fc.nat(3), odd),
                      sentences: fc.array(fc.record({ text, start: time, end: time })),
                    }),
                  ),
                }),
              },
              loose,
            ),
          ),
        }),
      ),
    }),
  }),
  fc.array(
    fc.record(
      {
        type: fc.constantFrom('Results', 'Metadata', 'Error'),
        is_final: fc.oneof(fc.boolean(), odd),
        channel: fc.record({
          alternatives: fc.array(fc.record({ transcript: fc.string(), words: fc.array(word) })),
        }),
      },
      { requiredKeys: ['type'] },
    ),
  ),
)

describe('any input at all', () => {
  it('arbitrary JSON values never throw anything but TranscriptJsonError', () => {
    fc.assert(fc.property(fc.json(), attempt), { numRuns: 300 })
    fc.assert(
      fc.property(fc.anything(), (value) => attempt(JSON.stringify(value) ?? 'undefined')),
      { numRuns: 300 },
    )
  })

  it('random text never throws anything but TranscriptJsonError, and bad JSON names line and column', () => {
    fc.assert(fc.property(fc.string(), attempt), { numRuns: 300 })
    fc.assert(fc.property(fc.string({ unit: 'binary' }), attempt), { numRuns: 300 })
    // Mangled real JSON reaches the syntax scanner much more often than random text does.
    const mangled = fc
      .tuple(fc.json(), fc.nat(), fc.constantFrom('', ',', '}', ']', '"', ':', '\\', '\n', 'x'))
      .map(
        ([json, at, insert]) =>
          json.slice(0, at % (json.length + 1)) + insert + json.slice((at % (json.length + 1)) + 1),
      )
    fc.assert(fc.property(mangled, attempt), { numRuns: 500 })
  })

  it('transcript-shaped values with odd fields parse well-formed or name their problem', () => {
    fc.assert(
      fc.property(nearMisses, (value) => attempt(JSON.stringify(value))),
      { numRuns: 500 },
    )
  })
})
