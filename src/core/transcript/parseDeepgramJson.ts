import { z } from 'zod'
import {
  cleanText,
  groupTokens,
  isRecord,
  kindOf,
  parseWith,
  pointer,
  seconds,
  transcriptOf,
  type Token,
} from './jsonTranscriptParts'
import {
  TranscriptJsonError,
  type ParsedSegment,
  type ParsedTranscript,
  type ParsedWord,
} from './parsedTranscript'

const speakerIndex = z.number().int().min(0, 'expected a speaker number, 0 or more')

const wordSchema = z.object({
  word: z.string(),
  punctuated_word: z.string().optional(),
  start: seconds,
  end: seconds,
  speaker: speakerIndex.optional(),
})

const sentenceSchema = z.object({ text: z.string(), start: seconds, end: seconds })

const paragraphSchema = z.object({ speaker: speakerIndex.optional(), sentences: z.array(sentenceSchema) })

const alternativeSchema = z.object({
  transcript: z.string(),
  words: z.array(wordSchema),
  paragraphs: z.object({ paragraphs: z.array(paragraphSchema) }).optional(),
})

const channelSchema = z.object({
  alternatives: z.array(alternativeSchema).min(1, 'expected at least one alternative'),
})

const restSchema = z.object({
  results: z.object({ channels: z.array(channelSchema).min(1, 'expected at least one channel') }),
})

const messageSchema = z.object({ is_final: z.boolean().optional(), channel: channelSchema })

type Alternative = z.infer<typeof alternativeSchema>
type Word = z.infer<typeof wordSchema>

/** A Deepgram error reply (REST `err_code`/`err_msg` or `category`/`message`, websocket `type: Error`). */
export function deepgramRefusal(data: Record<string, unknown>): string | null {
  const text = (value: unknown): string => (typeof value === 'string' ? value : '')
  const code = text(data.err_code) || text(data.category)
  const message = text(data.err_msg) || text(data.description) || text(data.message)
  const isError =
    Object.hasOwn(data, 'err_msg') ||
    data.type === 'Error' ||
    (Object.hasOwn(data, 'category') && Object.hasOwn(data, 'message'))
  if (!isError || Object.hasOwn(data, 'results')) return null
  return [code, message].filter(Boolean).join(': ') || 'no detail given'
}

// Speakers are numbered as Deepgram numbers them in its own paragraphs text ("Speaker 0").
function speakerName(speaker: number | undefined, channel: number, channels: number): string | null {
  const parts = [
    channels > 1 ? `Channel ${channel}` : null,
    speaker === undefined ? null : `Speaker ${speaker}`,
  ].filter((p) => p !== null)
  return parts.length > 0 ? parts.join(', ') : null
}

const wordText = (w: Word): string => w.punctuated_word ?? w.word

/** A word belongs to the last sentence that starts at or before it (ends and starts often touch). */
function sentenceSegments(alt: Alternative, name: (speaker?: number) => string | null): ParsedSegment[] {
  const sentences = (alt.paragraphs?.paragraphs ?? []).flatMap((p) =>
    p.sentences.map((s) => ({ ...s, speaker: name(p.speaker) })),
  )
  let k = 0
  return sentences.map((s, i) => {
    const next = sentences[i + 1]
    const words: ParsedWord[] = []
    for (; k < alt.words.length; k++) {
      const w = alt.words[k] as Word
      if (next && w.start >= next.start - 1e-3) break
      const text = cleanText(wordText(w))
      if (text !== '') words.push({ start: w.start, end: w.end, text })
    }
    return { ...s, words }
  })
}

function alternativeSegments(alt: Alternative, channel: number, channels: number): ParsedSegment[] {
  const name = (speaker?: number): string | null => speakerName(speaker, channel, channels)
  if (alt.paragraphs && alt.paragraphs.paragraphs.length > 0) return sentenceSegments(alt, name)
  const tokens: Token[] = alt.words.map((w) => ({
    start: w.start,
    end: w.end,
    text: wordText(w),
    speaker: name(w.speaker),
  }))
  return groupTokens(tokens)
}

/** REST /listen: every channel's first alternative, merged in time order (multichannel calls). */
function parseRest(data: unknown): ParsedTranscript {
  const { channels } = parseWith(restSchema, data).results
  const segments = channels.flatMap((c, i) =>
    c.alternatives[0] ? alternativeSegments(c.alternatives[0], i, channels.length) : [],
  )
  return transcriptOf('deepgram', segments, '/results/channels/0/alternatives/0')
}

/**
 * Websocket results: one message, or a recorded list of them. Interim results (`is_final: false`) are
 * later repeated by a final one, so only finals count; Metadata and other message types are skipped.
 */
function parseWebsocket(data: unknown): ParsedTranscript {
  const messages = Array.isArray(data) ? data : [data]
  const at = (i: number): number[] => (Array.isArray(data) ? [i] : [])
  const words: Word[] = []
  let refusal: string | null = null
  for (const [i, m] of messages.entries()) {
    if (!isRecord(m)) throw new TranscriptJsonError(pointer(at(i)), `expected an object, found ${kindOf(m)}`)
    refusal ??= deepgramRefusal(m)
    if (!Object.hasOwn(m, 'channel') && m.type !== 'Results') continue
    const message = parseWith(messageSchema, m, at(i))
    const alt = message.channel.alternatives[0]
    if (message.is_final !== false && alt) for (const w of alt.words) words.push(w)
  }
  const where = Array.isArray(data) ? '' : '/channel/alternatives/0'
  if (words.length === 0 && refusal)
    throw new TranscriptJsonError(where, `Deepgram answered with an error: ${refusal}`)
  const alt: Alternative = { transcript: '', words: words.sort((a, b) => a.start - b.start) }
  return transcriptOf('deepgram', alternativeSegments(alt, 0, 1), where)
}

/**
 * Deepgram /listen: segments are the paragraphs' sentences when the response has paragraphs (speaker from
 * the paragraph), else words grouped by speaker and pauses. Words show `punctuated_word`.
 */
export function parseDeepgramJson(data: unknown): ParsedTranscript {
  return isRecord(data) && Object.hasOwn(data, 'results') ? parseRest(data) : parseWebsocket(data)
}
