import { VOICE_START, voiceOf, webVttCueText } from './cueText'
import {
  backwardCue,
  TranscriptError,
  unplacedLines,
  type ParsedSegment,
  type ParsedTranscript,
  type ParsedWord,
} from './parsedTranscript'

/** A cue as the WebVTT parser algorithm yields it (the fields the HTML `VTTCue` API shows). */
export interface WebVttCue {
  id: string
  startTime: number
  endTime: number
  /** Raw cue text: markup, entities and line feeds as written. */
  text: string
  /** 1-based line of the timing line, counted the way the parser splits lines. */
  line: number
}

interface WebVttParse {
  cues: WebVttCue[]
  /** 1-based lines of blocks that are neither a cue nor a NOTE, STYLE or REGION block. */
  unplaced: number[]
  /** First line with `-->` that could not be read as cue timings, to name in an error. */
  firstBadTiming: number | null
  lineCount: number
}

// https://w3c.github.io/webvtt/#collect-a-webvtt-timestamp
function collectTimestamp(line: string, at: number): { seconds: number; next: number } | null {
  const m = /^(\d+):(\d{2})(?::(\d{2}))?\.(\d{3})/.exec(line.slice(at))
  if (!m) return null
  const [whole, first = '', second = '', third, millis = ''] = m
  // Without a third field the first one is minutes, which the spec allows only as exactly two digits.
  const hoursFirst = first.length !== 2 || Number(first) > 59
  if (hoursFirst && third === undefined) return null
  const [h, mm, ss] = third === undefined ? [0, Number(first), Number(second)] : [first, second, third]
  if (Number(mm) > 59 || Number(ss) > 59) return null
  // A fourth digit of fraction ("00.0000") fails the spec's "exactly three digits".
  if (/^\d/.test(line.slice(at + whole.length))) return null
  // Whole milliseconds divided once give the double nearest the written time (3723.004, not 3723.0040000000004).
  const seconds = (((Number(h) * 60 + Number(mm)) * 60 + Number(ss)) * 1000 + Number(millis)) / 1000
  // Hundreds of hour digits overflow to Infinity, which no media time can be; such a cue is dropped.
  return Number.isFinite(seconds) ? { seconds, next: at + whole.length } : null
}

export function parseVttTimestamp(text: string): number | null {
  const stamp = collectTimestamp(text, 0)
  return stamp && stamp.next === text.length ? stamp.seconds : null
}

const skipWhitespace = (line: string, at: number): number => {
  while (at < line.length && ' \t\f'.includes(line[at] ?? '')) at++
  return at
}

// https://w3c.github.io/webvtt/#collect-webvtt-cue-timings-and-settings; settings are read past, unused.
function parseTimings(line: string): { startTime: number; endTime: number } | null {
  const start = collectTimestamp(line, skipWhitespace(line, 0))
  if (!start) return null
  const arrow = skipWhitespace(line, start.next)
  if (line.slice(arrow, arrow + 3) !== '-->') return null
  const end = collectTimestamp(line, skipWhitespace(line, arrow + 3))
  return end ? { startTime: start.seconds, endTime: end.seconds } : null
}

/** The spec's preprocessing: NUL becomes U+FFFD, CRLF and lone CR become LF (line numbers are kept). */
function normalisedLines(text: string): string[] {
  const lines = text
    .replace(/^\uFEFF/, '')
    .replace(/\0/g, '\uFFFD')
    .split(/\r\n|\r|\n/)
  // A final line feed ends the last line; it does not open an empty one.
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop()
  return lines
}

function hasSignature(first: string): boolean {
  return first.startsWith('WEBVTT') && (first.length === 6 || first[6] === ' ' || first[6] === '\t')
}

// Blocks the format defines that hold no cue; anything else without a cue is text no reader can place.
const OTHER_BLOCK = /^(?:NOTE(?:$|[ \t])|STYLE[ \t]*$|REGION[ \t]*$)/

interface BlockState {
  lines: string[]
  at: number
  parse: WebVttParse
}

/**
 * https://w3c.github.io/webvtt/#collect-a-webvtt-block. STYLE, REGION and NOTE blocks are blocks
 * without a timing line in their first two lines, so they never yield a cue and need no case of their own.
 */
function collectBlock(state: BlockState, inHeader: boolean): void {
  const { lines, parse } = state
  let lineCount = 0
  let previous = state.at
  let buffer = ''
  let seenArrow = false
  let cue: WebVttCue | null = null
  while (state.at < lines.length) {
    const line = lines[state.at] ?? ''
    state.at++
    lineCount++
    if (line.includes('-->')) {
      if (inHeader || !(lineCount === 1 || (lineCount === 2 && !seenArrow))) {
        state.at = previous
        break
      }
      seenArrow = true
      previous = state.at
      const timings = parseTimings(line)
      if (!timings) parse.firstBadTiming ??= state.at
      cue = timings ? { id: buffer, ...timings, text: '', line: state.at } : null
      if (timings) buffer = ''
    } else if (line === '') {
      break
    } else {
      buffer = buffer === '' ? line : `${buffer}\n${line}`
      previous = state.at
    }
  }
  if (cue) parse.cues.push({ ...cue, text: buffer })
}

function skipBlankLines(state: BlockState): void {
  while (state.at < state.lines.length && state.lines[state.at] === '') state.at++
}

function readWebVtt(text: string): WebVttParse {
  const lines = normalisedLines(text)
  const first = lines[0] ?? ''
  if (!hasSignature(first))
    throw new TranscriptError(
      1,
      /^webvtt/i.test(first)
        ? `"${first.slice(0, 20)}" is not the WebVTT signature ("WEBVTT", alone or before a space or tab)`
        : 'a WebVTT file starts with "WEBVTT"',
    )
  const parse: WebVttParse = { cues: [], unplaced: [], firstBadTiming: null, lineCount: lines.length }
  const state: BlockState = { lines, at: 1, parse }
  if (state.at < lines.length && lines[state.at] !== '') collectBlock(state, true)
  skipBlankLines(state)
  while (state.at < lines.length) {
    const from = state.at
    const cues = parse.cues.length
    collectBlock(state, false)
    if (parse.cues.length === cues && !OTHER_BLOCK.test(lines[from] ?? ''))
      for (let line = from; line < state.at; line++) if (lines[line] !== '') parse.unplaced.push(line + 1)
    skipBlankLines(state)
  }
  return parse
}

/**
 * Cues exactly as the W3C WebVTT parser algorithm finds them (https://w3c.github.io/webvtt/#file-parsing),
 * raw text included. A file without the `WEBVTT` signature throws a TranscriptError for line 1.
 */
export function parseWebVttCues(text: string): WebVttCue[] {
  return readWebVtt(text).cues
}

const TIMESTAMP_TAG = /<((?:\d+:)?\d{2}:\d{2}\.\d{3})>/g
// Joins the voice runs of a cue while timing its words; the parser turned every NUL into U+FFFD.
const RUN_BREAK = '\0'

interface Stretch {
  text: string
  start: number
  end: number
}

/** The cue text cut at its `<00:00:01.000>` timestamp tags, each piece running from its tag to the next. */
function timedStretches(raw: string, start: number, end: number): Stretch[] {
  const pieces = raw.split(TIMESTAMP_TAG)
  const stretches: Stretch[] = [{ text: pieces[0] ?? '', start, end }]
  for (let i = 1; i < pieces.length; i += 2) {
    const previous = stretches[stretches.length - 1]
    if (!previous) break
    // Tags out of order or outside the cue are clamped so words stay in order inside the cue.
    const at = Math.min(end, Math.max(previous.start, parseVttTimestamp(pieces[i] ?? '') ?? previous.start))
    previous.end = at
    stretches.push({ text: pieces[i + 1] ?? '', start: at, end })
  }
  return stretches
}

/**
 * Word times from timestamp tags (karaoke-style captions), one list per voice run. Words sharing a
 * stretch between two tags share its time in proportion to their length; a cue without timestamp
 * tags has no word times.
 */
function timedWords(runs: string[], start: number, end: number): ParsedWord[][] {
  const words: ParsedWord[][] = runs.map(() => [])
  const stretches = timedStretches(runs.join(RUN_BREAK), start, end)
  if (stretches.length === 1) return words
  let run = 0
  for (const stretch of stretches) {
    const parts = webVttCueText(stretch.text).split(RUN_BREAK)
    const tokens = parts.flatMap((part, k) =>
      part
        .split(' ')
        .filter((text) => text !== '')
        .map((text) => ({ text, run: run + k })),
    )
    run += parts.length - 1
    const total = tokens.reduce((sum, token) => sum + token.text.length, 0)
    let done = 0
    for (const token of tokens) {
      const from = stretch.start + ((stretch.end - stretch.start) * done) / total
      done += token.text.length
      const to = stretch.start + ((stretch.end - stretch.start) * done) / total
      words[token.run]?.push({ start: from, end: to, text: token.text })
    }
  }
  return words
}

/**
 * A cue's text split where a different `<v Name>` voice starts, so a cue holding a two-person exchange
 * gives each person their own segment. Text before the first voice span has no speaker.
 */
function voiceRuns(raw: string): { speaker: string | null; raw: string }[] {
  const runs: { speaker: string | null; raw: string }[] = []
  for (const part of raw.split(VOICE_START)) {
    const speaker = voiceOf(part)
    const last = runs[runs.length - 1]
    if (last && (last.speaker === speaker || webVttCueText(last.raw) === '')) {
      last.raw += part
      last.speaker = speaker ?? last.speaker
    } else runs.push({ speaker, raw: part })
  }
  return runs
}

function cueSegments(cue: WebVttCue): ParsedSegment[] {
  const runs = voiceRuns(cue.text)
  const words = timedWords(
    runs.map((run) => run.raw),
    cue.startTime,
    cue.endTime,
  )
  return runs.flatMap((run, k) => {
    const text = webVttCueText(run.raw)
    if (text === '') return []
    return [{ start: cue.startTime, end: cue.endTime, speaker: run.speaker, text, words: words[k] ?? [] }]
  })
}

/** WebVTT per the W3C parser; voice spans give speakers, markup is stripped and cues without text dropped. */
export function parseWebVtt(text: string): ParsedTranscript {
  const parse = readWebVtt(text)
  const backwards = parse.cues.flatMap((cue) => backwardCue(cue.line, cue.startTime, cue.endTime) ?? [])
  const segments = parse.cues.filter((cue) => cue.endTime >= cue.startTime).flatMap(cueSegments)
  if (segments.length > 0)
    return { format: 'webvtt', segments, warnings: [...unplacedLines(parse.unplaced), ...backwards] }
  const firstBackward = parse.cues.find((cue) => cue.endTime < cue.startTime)
  if (firstBackward)
    throw new TranscriptError(
      firstBackward.line,
      'every cue ends before it starts; no usable cue in the file',
    )
  if (parse.firstBadTiming !== null)
    throw new TranscriptError(parse.firstBadTiming, 'malformed cue timing; no usable cue in the file')
  if (parse.cues.length > 0) throw new TranscriptError(parse.cues[0]?.line ?? 1, 'no cue has any text')
  throw new TranscriptError(Math.max(1, parse.lineCount), 'no cue in the file')
}
