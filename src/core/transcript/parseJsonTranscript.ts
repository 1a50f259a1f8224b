import { isRecord, kindOf } from './jsonTranscriptParts'
import { TranscriptJsonError, type ParsedTranscript } from './parsedTranscript'
import { deepgramRefusal, parseDeepgramJson } from './parseDeepgramJson'
import { parsePodcastingJson } from './parsePodcastingJson'
import { parseWhisperJson } from './parseWhisperJson'

export const JSON_FLAVOURS =
  'Podcasting 2.0 ({version, segments: [{speaker, startTime, endTime, body}]}), ' +
  'Whisper or whisper-timestamped ({text, segments: [{start, end, text, words}]}), ' +
  'WhisperX ({segments: [{start, end, text, words: [{word, start, end, score}]}]}) or ' +
  'Deepgram /listen (results.channels[0].alternatives[0], or websocket messages with channel.alternatives)'

const LITERALS = ['true', 'false', 'null']
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y
const ESCAPE = /\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/y

interface SyntaxProblem {
  at: number
  problem: string
}

/** The index just past the string that starts at `start`, or what is wrong with it. */
function stringEnd(text: string, start: number): number | SyntaxProblem {
  let i = start + 1
  for (;;) {
    const c = text[i]
    if (c === undefined) return { at: i, problem: 'unterminated string' }
    if (c === '"') return i + 1
    if (c < ' ')
      return { at: i, problem: 'control character inside a string (write it as \\n, \\t or \\u00XX)' }
    if (c === '\\') {
      ESCAPE.lastIndex = i
      if (!ESCAPE.test(text)) return { at: i, problem: 'bad escape sequence in a string' }
      i = ESCAPE.lastIndex
    } else i++
  }
}

type Expect = 'value' | 'firstValue' | 'key' | 'firstKey' | 'colon' | 'next'

/**
 * Where JSON.parse gave up, found again by a small scanner: Node 20's messages often give no position
 * at all. Iterative, so a deeply nested file cannot overflow the stack.
 */
function syntaxProblem(text: string): SyntaxProblem | null {
  const open: string[] = []
  let i = 0
  let expect: Expect = 'value'
  const fail = (problem: string): SyntaxProblem => ({ at: i, problem })
  for (;;) {
    while (/[ \t\n\r]/.test(text[i] ?? '')) i++
    const c = text[i]
    if (expect === 'next') {
      const top = open.at(-1)
      if (top === undefined) return c === undefined ? null : fail('unexpected text after the JSON value')
      const close = top === '[' ? ']' : '}'
      if (c === ',') expect = top === '[' ? 'value' : 'key'
      else if (c === close) open.pop()
      else
        return fail(
          c === undefined ? `unexpected end of the file, expected '${close}'` : `expected ',' or '${close}'`,
        )
      i++
      continue
    }
    if (c === undefined) return fail(i === 0 ? 'the file is empty' : 'unexpected end of the file')
    if (expect === 'colon') {
      if (c !== ':') return fail("expected ':' after the property name")
      i++
      expect = 'value'
      continue
    }
    if ((expect === 'firstKey' && c === '}') || (expect === 'firstValue' && c === ']')) {
      open.pop()
      i++
      expect = 'next'
      continue
    }
    const wantsKey: boolean = expect === 'key' || expect === 'firstKey'
    if (wantsKey && c !== '"') return fail('expected a property name in double quotes')
    if (c === '{' || c === '[') {
      open.push(c)
      i++
      expect = c === '{' ? 'firstKey' : 'firstValue'
      continue
    }
    if (c === '"') {
      const end = stringEnd(text, i)
      if (typeof end !== 'number') return end
      i = end
      expect = wantsKey ? 'colon' : 'next'
      continue
    }
    NUMBER.lastIndex = i
    const literal = LITERALS.find((l) => text.startsWith(l, i))
    if (literal) i += literal.length
    else if (NUMBER.test(text)) i = NUMBER.lastIndex
    else return fail(`unexpected character ${JSON.stringify(c)}`)
    expect = 'next'
  }
}

function lineAndColumn(text: string, at: number): string {
  const before = text.slice(0, at).split(/\r\n|\r|\n/)
  return `line ${before.length}, column ${(before.at(-1) ?? '').length + 1}`
}

function parseJson(text: string): unknown {
  const body = text.replace(/^\uFEFF/, '')
  try {
    return JSON.parse(body)
  } catch (error) {
    const found = syntaxProblem(body) ?? {
      at: body.length,
      problem: error instanceof Error ? error.message : String(error),
    }
    throw new TranscriptJsonError('', `invalid JSON at ${lineAndColumn(body, found.at)}: ${found.problem}`)
  }
}

const PODCASTING_KEYS = ['startTime', 'endTime', 'body']
const WHISPER_KEYS = ['start', 'end', 'text']

type Flavour = 'podcasting20' | 'whisper' | 'deepgram'

/** The content decides, never the file name: keys that only one flavour writes. */
function flavourOf(data: unknown): Flavour {
  const unknown = (found: string): TranscriptJsonError =>
    new TranscriptJsonError('', `not a JSON transcript Episcore reads (${found}); accepted: ${JSON_FLAVOURS}`)
  if (Array.isArray(data)) {
    if (data.some((m) => isRecord(m) && ('channel' in m || m.type === 'Results'))) return 'deepgram'
    throw unknown('found a list without Deepgram websocket results')
  }
  if (!isRecord(data)) throw unknown(`found ${kindOf(data)}`)
  const refusal = deepgramRefusal(data)
  if (refusal)
    throw new TranscriptJsonError('', `Deepgram answered with an error, not a transcript: ${refusal}`)
  if ('results' in data || 'channel' in data) return 'deepgram'
  if (Array.isArray(data.chapters))
    throw new TranscriptJsonError('/chapters', 'a Podcasting 2.0 chapters file, not a transcript')
  if (Array.isArray(data.segments)) {
    const first = data.segments.find(isRecord)
    if (first && PODCASTING_KEYS.some((k) => k in first)) return 'podcasting20'
    if (first && WHISPER_KEYS.some((k) => k in first)) return 'whisper'
    return 'version' in data ? 'podcasting20' : 'whisper'
  }
  if (Array.isArray(data.words) && typeof data.text === 'string') return 'whisper'
  const keys = Object.keys(data)
    .slice(0, 6)
    .map((k) => JSON.stringify(k.slice(0, 30)))
  throw unknown(keys.length > 0 ? `found keys ${keys.join(', ')}` : 'found an empty object')
}

/** A JSON transcript of any flavour Episcore reads; the flavour is told by the content. */
export function parseJsonTranscript(text: string): ParsedTranscript {
  const data = parseJson(text)
  const flavour = flavourOf(data)
  if (flavour === 'podcasting20') return parsePodcastingJson(data)
  if (flavour === 'deepgram') return parseDeepgramJson(data)
  return parseWhisperJson(data)
}
