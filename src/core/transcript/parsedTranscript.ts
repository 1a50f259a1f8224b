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
}

export interface ParsedTranscript {
  format: 'webvtt' | 'srt'
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
