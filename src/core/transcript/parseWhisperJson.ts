import { z } from 'zod'
import { cleanText, groupTokens, isRecord, parseWith, seconds, transcriptOf } from './jsonTranscriptParts'
import type { ParsedSegment, ParsedTranscript, ParsedWord } from './parsedTranscript'

// whisper-timestamped writes `text`, openai-whisper and WhisperX write `word`; WhisperX leaves out the
// times of words its aligner could not place (digits, symbols).
const wordSchema = z.object({
  word: z.string().optional(),
  text: z.string().optional(),
  start: seconds.nullish(),
  end: seconds.nullish(),
  speaker: z.string().nullish(),
})

const segmentSchema = z.object({
  start: seconds,
  end: seconds,
  text: z.string(),
  words: z.array(wordSchema).optional(),
  speaker: z.string().nullish(),
})

// Top-level `words` is the OpenAI API verbose_json with word timestamps, which keeps them out of segments.
const fileSchema = z.object({
  segments: z.array(segmentSchema).optional(),
  words: z.array(wordSchema).optional(),
})

type RawWord = z.infer<typeof wordSchema>
type RawSegment = z.infer<typeof segmentSchema>

const hasScore = (w: unknown): boolean => isRecord(w) && 'score' in w

/** WhisperX marks itself by its `word_segments` list, word `score`s, or diarized `speaker`s. */
export function isWhisperX(data: Record<string, unknown>): boolean {
  if (Object.hasOwn(data, 'word_segments')) return true
  const segments = Array.isArray(data.segments) ? data.segments : []
  return segments.some(
    (s) => isRecord(s) && ('speaker' in s || (Array.isArray(s.words) && s.words.some(hasScore))),
  )
}

const wordText = (w: RawWord): string => cleanText(w.word ?? w.text ?? '')
const isTimed = (w: RawWord): boolean => typeof w.start === 'number' && typeof w.end === 'number'

/**
 * Words without times are interpolated, not dropped, so the words still read as the segment's text:
 * a run of them shares evenly the gap between the previous timed word (or the segment start) and the
 * next one (or the segment end).
 */
function timedWords(raw: readonly RawWord[], start: number, end: number): ParsedWord[] {
  const words = raw.filter((w) => wordText(w) !== '')
  const out: ParsedWord[] = []
  let i = 0
  while (i < words.length) {
    let j = i
    while (j < words.length && !isTimed(words[j] as RawWord)) j++
    if (j > i) {
      const from = out.at(-1)?.end ?? start
      const to = Math.max(from, words[j]?.start ?? end)
      const step = (to - from) / (j - i)
      words.slice(i, j).forEach((w, k) => {
        out.push({ text: wordText(w), start: from + k * step, end: from + (k + 1) * step })
      })
    }
    const timed = words[j]
    if (timed) out.push({ text: wordText(timed), start: timed.start ?? 0, end: timed.end ?? 0 })
    i = j + 1
  }
  return out
}

function mostFrequent(names: readonly (string | null | undefined)[]): string | null {
  const counts = new Map<string, number>()
  for (const name of names) if (name) counts.set(name, (counts.get(name) ?? 0) + 1)
  let best: string | null = null
  for (const [name, count] of counts) if (best === null || count > (counts.get(best) ?? 0)) best = name
  return best
}

function segmentOf(s: RawSegment, looseWords: readonly RawWord[]): ParsedSegment {
  const raw = s.words ?? looseWords
  const words = timedWords(raw, s.start, s.end)
  return {
    start: s.start,
    end: s.end,
    // A diarized WhisperX segment names its speaker; otherwise the one most of its words carry.
    speaker: cleanText(s.speaker ?? '') || mostFrequent(raw.map((w) => w.speaker)),
    text: cleanText(s.text) || words.map((w) => w.text).join(' '),
    words,
  }
}

/** Top-level words go to the last segment starting at or before them. */
function shareOut(segments: readonly RawSegment[], words: readonly RawWord[]): RawWord[][] {
  const shares = segments.map((): RawWord[] => [])
  let k = 0
  for (const word of words) {
    while (k + 1 < segments.length && (word.start ?? -1) >= (segments[k + 1]?.start ?? Infinity)) k++
    shares[k]?.push(word)
  }
  return shares
}

/** OpenAI Whisper, whisper-timestamped and WhisperX JSON (`segments[]` with optional `words[]`). */
export function parseWhisperJson(data: unknown): ParsedTranscript {
  const format = isRecord(data) && isWhisperX(data) ? 'whisperx' : 'whisper'
  const file = parseWith(fileSchema, data)
  const looseWords = file.words ?? []
  if (!file.segments) {
    const tokens = timedWords(looseWords, 0, 0).map((w) => ({ ...w, speaker: null }))
    return transcriptOf(format, groupTokens(tokens), '/words')
  }
  const inSegments = file.segments.some((s) => s.words !== undefined)
  const ordered = [...file.segments].sort((a, b) => a.start - b.start)
  const shares = inSegments ? [] : shareOut(ordered, looseWords)
  const segments = ordered.map((s, i) => segmentOf(s, shares[i] ?? []))
  return transcriptOf(format, segments, '/segments')
}
