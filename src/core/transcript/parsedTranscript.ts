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
  'webvtt' | 'srt' | 'podcasting20' | 'whisper' | 'whisperx' | 'deepgram' | 'plain'

export interface ParsedTranscript {
  format: TranscriptFormat
  segments: ParsedSegment[]
}

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
