import { formatPreciseClock } from '../../shared/preciseTime'

export interface ParsedWord {
  start: number
  end: number
  text: string
}

export interface ParsedSegment {
  start: number
  end: number
  speaker: string | null
  text: string
  words: ParsedWord[]
  /** Times were interpolated (plain text without stamps for every turn), not read from the source. */
  approximate?: boolean
}

export type TranscriptFormat =
  'webvtt' | 'srt' | 'podcasting20' | 'whisper' | 'whisperx' | 'deepgram' | 'html' | 'plain'

export interface ParsedTranscript {
  format: TranscriptFormat
  segments: ParsedSegment[]
  /** What was read past and left out (lines no cue holds), for the editor to see after the import. */
  warnings?: string[]
}

/** `line 4` or `lines 4, 9–12`: consecutive line numbers as one range. */
export function lineRanges(lines: readonly number[]): string {
  const ranges: string[] = []
  for (let i = 0; i < lines.length;) {
    let j = i
    while (j + 1 < lines.length && lines[j + 1] === (lines[j] ?? 0) + 1) j++
    ranges.push(j === i ? String(lines[i]) : `${lines[i]}–${lines[j]}`)
    i = j + 1
  }
  return `${lines.length === 1 ? 'line' : 'lines'} ${ranges.join(', ')}`
}

/** The warning for lines a reader could not place in any cue: they are left out, never merged. */
export const unplacedLines = (lines: readonly number[]): string[] =>
  lines.length === 0 ? [] : [`${lineRanges(lines)}: not part of any cue, left out`]

/**
 * One rule for a cue that ends before it starts, whichever way the file comes in (a new episode, the
 * app's import, `transcript convert`): the cue is left out, and a warning names its line. Clamping it
 * would invent a time; refusing the file would lose every good cue with it. Null for a cue in order.
 */
export const backwardCue = (line: number, start: number, end: number): string | null =>
  end < start
    ? `line ${line}: the cue ends at ${formatPreciseClock(end)}, before it starts at ${formatPreciseClock(start)}; left out`
    : null

/** A transcript that cannot be read; the message names the line. */
export class TranscriptError extends Error {
  override name = 'TranscriptError'
  constructor(
    readonly line: number,
    problem: string,
  ) {
    super(`line ${line}: ${problem}`)
  }
}

/** Splits text into lines the way WebVTT does: CRLF, CR and LF all end a line. */
export function splitLines(text: string): string[] {
  return text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)
}

/** A JSON transcript that cannot be read; the message names the JSON path (RFC 6901 pointer). */
export class TranscriptJsonError extends Error {
  override name = 'TranscriptJsonError'
  constructor(
    readonly path: string,
    problem: string,
  ) {
    super(`${path || '/'}: ${problem}`)
  }
}
