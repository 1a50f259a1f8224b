import { z } from 'zod'
import { TranscriptJsonError, type ParsedSegment, type ParsedTranscript } from './parsedTranscript'

export const NO_SPEECH = 'no speech in the file'

/** A time in seconds as every JSON flavour writes it. */
export const seconds = z.number().min(0, 'expected a time in seconds, not a negative number')

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function cleanText(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}

/** RFC 6901: `~` and `/` inside a key are escaped so the pointer stays unambiguous. */
export function pointer(path: readonly PropertyKey[]): string {
  return path.map((key) => '/' + String(key).replace(/~/g, '~0').replace(/\//g, '~1')).join('')
}

export function kindOf(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'object') return 'an object'
  if (typeof value === 'string')
    return `a string (${JSON.stringify(value.length > 20 ? value.slice(0, 20) + '…' : value)})`
  return `${typeof value === 'number' ? 'the number' : 'the value'} ${String(value)}`
}

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let value = data
  for (const key of path) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) return undefined
    value = (value as Record<PropertyKey, unknown>)[key]
  }
  return value
}

const ARTICLE: Record<string, string> = { array: 'an array', object: 'an object', int: 'an integer' }

// zod's own wording ("Invalid input: expected number, received undefined") reads poorly to an editor.
function describeIssue(issue: z.core.$ZodIssue, data: unknown): string {
  if (issue.code !== 'invalid_type') return issue.message
  const wanted = `expected ${ARTICLE[issue.expected] ?? `a ${issue.expected}`}`
  const found = valueAt(data, issue.path)
  return found === undefined ? `${wanted}, but it is missing` : `${wanted}, found ${kindOf(found)}`
}

/** Validates `data` (found at `base` in the file); the first problem becomes a TranscriptJsonError. */
export function parseWith<T extends z.ZodType>(
  schema: T,
  data: unknown,
  base: readonly PropertyKey[] = [],
): z.infer<T> {
  const result = schema.safeParse(data)
  if (result.success) return result.data
  const issue = result.error.issues[0]
  if (!issue) throw new TranscriptJsonError(pointer(base), 'not readable')
  throw new TranscriptJsonError(pointer([...base, ...issue.path]), describeIssue(issue, data))
}

export interface Token {
  start: number
  end: number
  text: string
  speaker: string | null
}

// One word per entry would make a segment per word; these limits turn words back into readable turns.
const MAX_PAUSE = 1.5
const LONG_TURN = 30
const MAX_TURN = 60
const SENTENCE_END = /[.!?…。！？]["'”’)\]]*$/u

function breaksBefore(first: Token, last: Token, next: Token): boolean {
  if (next.speaker !== last.speaker || next.start - last.end > MAX_PAUSE) return true
  const length = last.end - first.start
  return length > MAX_TURN || (length > LONG_TURN && SENTENCE_END.test(last.text))
}

// Loops, not Math.max(...list): a pathological file with a million words must not overflow the stack.
function extreme(values: Iterable<number>, pick: (a: number, b: number) => number, start: number): number {
  let result = start
  for (const value of values) result = pick(result, value)
  return result
}

function segmentOf(tokens: Token[]): ParsedSegment {
  const first = tokens[0] as Token
  return {
    start: first.start,
    end: extreme(
      tokens.map((t) => t.end),
      Math.max,
      first.end,
    ),
    speaker: first.speaker,
    text: cleanText(tokens.map((t) => t.text).join(' ')),
    words: tokens.map(({ start, end, text }) => ({ start, end, text })),
  }
}

/**
 * Words to segments: a new segment on a speaker change, a pause over 1.5 s, at a sentence end once the
 * turn is over 30 s long, and at any word once it is over 60 s (unpunctuated monologues).
 */
export function groupTokens(tokens: readonly Token[]): ParsedSegment[] {
  const segments: ParsedSegment[] = []
  let run: Token[] = []
  for (const raw of tokens) {
    const token = { ...raw, text: cleanText(raw.text) }
    if (token.text === '') continue
    const first = run[0]
    const last = run.at(-1)
    if (first && last && breaksBefore(first, last, token)) {
      segments.push(segmentOf(run))
      run = []
    }
    run.push(token)
  }
  if (run.length > 0) segments.push(segmentOf(run))
  return segments
}

// ASR output occasionally has a word a few ms outside its segment or an end before its start; refusing a
// whole episode for that would help nobody, so spans are widened to what the words say.
function fitted(segment: ParsedSegment): ParsedSegment {
  const words = segment.words.map((w) => ({ ...w, end: Math.max(w.start, w.end) }))
  const start = extreme(
    words.map((w) => w.start),
    Math.min,
    segment.start,
  )
  const end = extreme(
    words.map((w) => w.end),
    Math.max,
    Math.max(segment.start, segment.end),
  )
  return { ...segment, start, end, text: cleanText(segment.text), words }
}

/** The common tail of every flavour: spans fitted, empty segments dropped, ordered by start. */
export function transcriptOf(
  format: ParsedTranscript['format'],
  segments: readonly ParsedSegment[],
  where: string,
): ParsedTranscript {
  const usable = segments
    .map(fitted)
    .filter((s) => s.text !== '')
    .sort((a, b) => a.start - b.start)
  if (usable.length === 0) throw new TranscriptJsonError(where, NO_SPEECH)
  return { format, segments: usable }
}
