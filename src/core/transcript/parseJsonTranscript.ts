import { JsonTextError, parseJsonText } from '../json/jsonText'
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

function parseJson(text: string): unknown {
  try {
    return parseJsonText(text)
  } catch (error) {
    if (error instanceof JsonTextError) throw new TranscriptJsonError('', `invalid JSON at ${error.message}`)
    throw error
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
    if (data.some((m) => isRecord(m) && (Object.hasOwn(m, 'channel') || m.type === 'Results')))
      return 'deepgram'
    throw unknown('found a list without Deepgram websocket results')
  }
  if (!isRecord(data)) throw unknown(`found ${kindOf(data)}`)
  const refusal = deepgramRefusal(data)
  if (refusal)
    throw new TranscriptJsonError('', `Deepgram answered with an error, not a transcript: ${refusal}`)
  if (Object.hasOwn(data, 'results') || Object.hasOwn(data, 'channel')) return 'deepgram'
  if (Array.isArray(data.chapters))
    throw new TranscriptJsonError('/chapters', 'a Podcasting 2.0 chapters file, not a transcript')
  if (Array.isArray(data.segments)) {
    const first = data.segments.find(isRecord)
    if (first && PODCASTING_KEYS.some((k) => Object.hasOwn(first, k))) return 'podcasting20'
    if (first && WHISPER_KEYS.some((k) => Object.hasOwn(first, k))) return 'whisper'
    return Object.hasOwn(data, 'version') ? 'podcasting20' : 'whisper'
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
