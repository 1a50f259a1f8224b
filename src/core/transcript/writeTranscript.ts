import type { TranscriptSegment, TranscriptWord } from '../../shared/episodeFormat'
import { roundMillis } from '../../shared/time'
import { UserError } from '../errors'
import type { ParsedSegment } from './parsedTranscript'

/** A segment checked for writing: times rounded to milliseconds, speaker name normalised. */
interface WritableSegment {
  start: number
  end: number
  speaker: string | null
  text: string
  words: ParsedSegment['words']
  /** 1-based position in the caller's list, for messages. */
  number: number
}

/** Readers collapse whitespace, so writing it verbatim would only make output differ from what comes back. */
export const collapseSpaces = (text: string): string => text.replace(/\s+/g, ' ').trim()

function checkTime(value: number, where: string): number {
  if (!Number.isFinite(value) || value < 0)
    throw new UserError('invalid-input', `${where} is ${value}; a time is a number of seconds >= 0`)
  return roundMillis(value)
}

/**
 * Every writer starts here: an empty transcript is refused (a file with no cue is invalid WebVTT and
 * useless elsewhere), times are checked before any output, and cues come out in start order because
 * WebVTT requires it and the episode format lists segments sorted by start.
 */
function writableSegments(segments: readonly ParsedSegment[]): WritableSegment[] {
  if (segments.length === 0)
    throw new UserError('invalid-input', 'the transcript has no segments, so there is nothing to write')
  const checked = segments.map((segment, i): WritableSegment => {
    const where = `segment ${i + 1}`
    const start = checkTime(segment.start, `${where}: start`)
    const end = checkTime(segment.end, `${where}: end`)
    if (end < start) throw new UserError('invalid-input', `${where}: end ${end} is before start ${start}`)
    const speaker = segment.speaker === null ? null : collapseSpaces(segment.speaker) || null
    return { start, end, speaker, text: segment.text, words: segment.words, number: i + 1 }
  })
  return checked.sort((a, b) => a.start - b.start || a.end - b.end || a.number - b.number)
}

/** `hh:mm:ss.mmm` (WebVTT) or `hh:mm:ss,mmm` (SRT); hours grow past two digits rather than wrap. */
export function formatStamp(seconds: number, separator: '.' | ','): string {
  const total = Math.round(seconds * 1000)
  const pad = (n: number, width: number): string => String(n).padStart(width, '0')
  const h = Math.floor(total / 3_600_000)
  const m = Math.floor(total / 60_000) % 60
  const s = Math.floor(total / 1000) % 60
  return `${pad(h, 2)}:${pad(m, 2)}:${pad(s, 2)}${separator}${pad(total % 1000, 3)}`
}

/**
 * `&` and `<` must be character references in WebVTT cue text and annotations; `>` is escaped too,
 * which also keeps `-->` (the end of a cue for any parser) out of the payload.
 */
export const escapeVtt = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** WebVTT with one cue per segment and the speaker as a voice span. */
export function writeWebVtt(segments: readonly ParsedSegment[]): string {
  const cues = writableSegments(segments).map((segment) => {
    const text = escapeVtt(collapseSpaces(segment.text))
    const payload = segment.speaker === null ? text : `<v ${escapeVtt(segment.speaker)}>${text}`
    const timing = `${formatStamp(segment.start, '.')} --> ${formatStamp(segment.end, '.')}`
    return payload === '' ? timing : `${timing}\n${payload}`
  })
  return `WEBVTT\n\n${cues.join('\n\n')}\n`
}

/** The Podcasting 2.0 transcripts spec recommends captions of at most 2 lines of 32 characters. */
export const SRT_MAX_LINE_CHARS = 32
export const SRT_MAX_LINES = 2

/** Made when first needed: a segmenter starts ICU's break iterators, which every CLI start would pay. */
let graphemes: Intl.Segmenter | undefined

/** Characters as code points, so an emoji counts once, as a viewer sees it. */
const charCount = (text: string): number => {
  let n = 0
  for (const _ of text) n++
  return n
}

interface Token {
  text: string
  /** A piece of a word too long for a line: no space between it and the piece before. */
  glued: boolean
  /** Where the token starts in the segment's text, in characters; the speaker prefix counts as 0. */
  offset: number
}

/** Cuts a word longer than a line between graphemes, so accents and emoji sequences stay whole. */
function hardSplit(word: string): string[] {
  const pieces: string[] = []
  let piece = ''
  let width = 0
  graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' })
  for (const { segment: grapheme } of graphemes.segment(word)) {
    // A single grapheme wider than a line exists only in contrived input; cut it between code points.
    const units = charCount(grapheme) > SRT_MAX_LINE_CHARS ? Array.from(grapheme) : [grapheme]
    for (const unit of units) {
      const w = charCount(unit)
      if (width + w > SRT_MAX_LINE_CHARS && piece !== '') {
        pieces.push(piece)
        piece = ''
        width = 0
      }
      piece += unit
      width += w
    }
  }
  if (piece !== '') pieces.push(piece)
  return pieces
}

function tokenize(words: string[], offsetOf: (i: number) => number): Token[] {
  return words.flatMap((word, i) => {
    let offset = offsetOf(i)
    return hardSplit(word).map((text, piece) => {
      const token = { text, glued: piece > 0, offset }
      offset += charCount(text)
      return token
    })
  })
}

/** Greedy line filling, then two lines to a cue: the cue's text offset is its first line's. */
function layout(tokens: Token[]): { lines: string[]; offset: number }[] {
  const lines: { text: string; width: number; offset: number }[] = []
  for (const token of tokens) {
    const width = charCount(token.text)
    const last = lines.at(-1)
    if (last && !token.glued && last.width + 1 + width <= SRT_MAX_LINE_CHARS) {
      last.text += ' ' + token.text
      last.width += 1 + width
    } else lines.push({ text: token.text, width, offset: token.offset })
  }
  const cues: { lines: string[]; offset: number }[] = []
  for (let i = 0; i < lines.length; i += SRT_MAX_LINES) {
    const group = lines.slice(i, i + SRT_MAX_LINES)
    cues.push({ lines: group.map((l) => l.text), offset: group[0]?.offset ?? 0 })
  }
  return cues.length > 0 ? cues : [{ lines: [], offset: 0 }]
}

interface PlacedWord {
  offset: number
  endOffset: number
  start: number
  end: number
}

/**
 * Finds each timed word in the text, in order and at a word boundary. Words the text does not contain
 * (a different spelling, punctuation kept apart) are skipped rather than spoiling the rest.
 */
function placeWords(body: string, words: ParsedSegment['words']): PlacedWord[] {
  const placed: PlacedWord[] = []
  let cursor = 0
  let cursorChars = 0
  for (const word of words) {
    const text = collapseSpaces(word.text)
    if (text === '' || !Number.isFinite(word.start)) continue
    let at = body.indexOf(text, cursor)
    while (at > 0 && body[at - 1] !== ' ') at = body.indexOf(text, at + 1)
    if (at < 0) continue
    const offset = cursorChars + charCount(body.slice(cursor, at))
    const end = Number.isFinite(word.end) ? Math.max(word.start, word.end) : word.start
    placed.push({ offset, endOffset: offset + charCount(text), start: word.start, end })
    cursor = at + text.length
    cursorChars = offset + charCount(text)
  }
  return placed
}

/** The shortest a caption may be on screen, where its segment leaves each cue that much. */
export const SRT_MIN_CUE_MS = 500

/**
 * Cue start times inside the segment, in milliseconds: from the word times when the segment has them
 * (a cue starting inside a word cut in pieces takes its share of the word's time), else in proportion
 * to the characters before the cue. Then spread so that each cue lasts at least 0.5 s, or an equal
 * share of the segment when it is too short for that, without leaving the segment.
 */
function cueStarts(segment: WritableSegment, body: string, offsets: number[]): number[] {
  const placed = placeWords(body, segment.words)
  const length = charCount(body)
  const from = Math.round(segment.start * 1000)
  const to = Math.round(segment.end * 1000)
  let next = 0
  const raw = offsets.map((offset, i) => {
    if (i === 0) return from
    while (next < placed.length && (placed[next]?.endOffset ?? 0) <= offset) next++
    const word = placed[next]
    if (!word) return from + (length > 0 ? ((to - from) * offset) / length : 0)
    const into = Math.max(0, offset - word.offset) / Math.max(1, word.endOffset - word.offset)
    return (word.start + (word.end - word.start) * into) * 1000
  })
  const shortest = Math.min(SRT_MIN_CUE_MS, Math.floor((to - from) / offsets.length))
  // Forward, each at least `shortest` after the one before; backward, each leaving room for the rest.
  const starts: number[] = []
  raw.forEach((time, i) => {
    const previous = starts[i - 1]
    starts.push(previous === undefined ? from : Math.max(Math.round(time), previous + shortest))
  })
  return starts.map((time, i) => Math.min(time, to - (offsets.length - i) * shortest))
}

interface SrtCue {
  /** Milliseconds. */
  start: number
  end: number
  /** The least it may last: 0.5 s, or its share of a segment too short for that. */
  shortest: number
  lines: string[]
}

/** A segment as captions: `Name: ` before its text, then at most 2 lines of 32 characters per cue. */
function segmentCues(segment: WritableSegment): SrtCue[] {
  const body = collapseSpaces(segment.text)
  const words = body === '' ? [] : body.split(' ')
  const starts: number[] = []
  let chars = 0
  for (const word of words) {
    starts.push(chars)
    chars += charCount(word) + 1
  }
  const prefix = segment.speaker === null ? [] : `${segment.speaker}:`.split(' ')
  const tokens = [...tokenize(prefix, () => 0), ...tokenize(words, (i) => starts[i] ?? 0)]
  const cues = layout(tokens)
  const times = cueStarts(
    segment,
    body,
    cues.map((cue) => cue.offset),
  )
  const end = Math.round(segment.end * 1000)
  const shortest = Math.min(SRT_MIN_CUE_MS, Math.floor((end - (times[0] ?? end)) / cues.length))
  return cues.map((cue, i) => ({
    start: times[i] ?? end,
    end: times[i + 1] ?? end,
    shortest,
    lines: cue.lines,
  }))
}

/**
 * Cues of segments that overlap (two people talking at once, or one WebVTT cue with two voices) are
 * laid one after the other: a cue that starts inside the one before cuts it short there (two that
 * start together share the time they have in common), never below the least either may last, and a
 * cue that had to start later ends at most that least time later. Cues so never overlap or go back.
 */
function inSequence(cues: SrtCue[]): SrtCue[] {
  const out: SrtCue[] = []
  for (const cue of cues) {
    const previous = out.at(-1)
    if (previous && cue.start < previous.end) {
      const together =
        cue.start <= previous.start
          ? previous.start + (Math.min(previous.end, cue.end) - previous.start) / 2
          : cue.start
      const boundary = Math.min(
        previous.end,
        Math.round(Math.max(together, previous.start + previous.shortest)),
      )
      previous.end = boundary
      cue.start = boundary
      cue.end = Math.max(cue.end, boundary + cue.shortest)
    }
    out.push(cue)
  }
  return out
}

/**
 * SRT has no escaping, but readers strip HTML-like tags, decode entities and drop `{\...}` overrides,
 * and a payload line holding `-->` starts a new cue. Only what a reader would misread is escaped,
 * so players that show the text raw still show it as written.
 */
function escapeSrt(payload: string): string {
  const escaped = payload
    .replace(/&(?=(?:#x[0-9a-f]+|#\d+|[a-z]+);)/gi, '&amp;')
    .replace(/-->/g, '--&gt;')
    .replace(/\{(?=\\)/g, '&#123;')
  const lastClose = escaped.lastIndexOf('>')
  return lastClose < 0
    ? escaped
    : escaped.slice(0, lastClose).replace(/</g, '&lt;') + escaped.slice(lastClose)
}

/** SubRip captions, numbered from 1; a long segment becomes several cues. */
export function writeSrt(segments: readonly ParsedSegment[]): string {
  const blocks = inSequence(writableSegments(segments).flatMap(segmentCues)).map((cue, i) =>
    [
      String(i + 1),
      `${formatStamp(cue.start / 1000, ',')} --> ${formatStamp(cue.end / 1000, ',')}`,
      ...(cue.lines.length > 0 ? [escapeSrt(cue.lines.join('\n'))] : []),
    ].join('\n'),
  )
  return blocks.join('\n\n') + '\n'
}

export interface PodcastingSegment {
  speaker?: string
  startTime: number
  endTime: number
  body: string
}

export interface PodcastingTranscript {
  version: '1.0.0'
  segments: PodcastingSegment[]
}

/** The Podcasting 2.0 JSON transcript (`application/json` in `<podcast:transcript>`), one entry per segment. */
export function toPodcastingJson(segments: readonly ParsedSegment[]): PodcastingTranscript {
  return {
    version: '1.0.0',
    segments: writableSegments(segments).map((segment) => ({
      ...(segment.speaker !== null && { speaker: segment.speaker }),
      startTime: segment.start,
      endTime: segment.end,
      body: segment.text,
    })),
  }
}

export const writePodcastingJson = (segments: readonly ParsedSegment[]): string =>
  JSON.stringify(toPodcastingJson(segments), null, 2) + '\n'

export interface EpisodeTranscript {
  segments: TranscriptSegment[]
}

const MAX_ID_LENGTH = 64

/** The episode format caps ids at 64 UTF-16 units; cut a longer name there, never inside a character. */
function speakerIdOf(name: string): string {
  if (name.length <= MAX_ID_LENGTH) return name
  let id = ''
  for (const char of name) {
    if (id.length + char.length > MAX_ID_LENGTH) break
    id += char
  }
  return id.trimEnd()
}

/**
 * The `transcript` object of episode JSON v1. Without a participants list the speaker's name is the
 * only stable handle, so it becomes the `speakerId`.
 */
export function toEpisodeTranscript(segments: readonly ParsedSegment[]): EpisodeTranscript {
  return {
    segments: writableSegments(segments).map((segment, i) => ({
      id: `s${i + 1}`,
      start: segment.start,
      end: segment.end,
      speakerId: segment.speaker === null ? null : speakerIdOf(segment.speaker),
      text: segment.text,
      words: segment.words.map((word, w): TranscriptWord => ({
        start: checkTime(word.start, `segment ${segment.number}, word ${w + 1}: start`),
        end: checkTime(word.end, `segment ${segment.number}, word ${w + 1}: end`),
        text: word.text,
      })),
    })),
  }
}

export const writeEpisodeTranscriptJson = (segments: readonly ParsedSegment[]): string =>
  JSON.stringify(toEpisodeTranscript(segments), null, 2) + '\n'
