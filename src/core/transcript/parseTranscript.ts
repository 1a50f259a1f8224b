import { MAX_TRANSCRIPT_BYTES } from '../../shared/fileKinds'
import { UserError } from '../errors'
import { TranscriptError, TranscriptJsonError, type ParsedTranscript } from './parsedTranscript'
import { parseJsonTranscript } from './parseJsonTranscript'
import { parsePlainText } from './parsePlainText'
import { looksLikeHtml, parsePodcastingHtml } from './parsePodcastingHtml'
import { parseSrt } from './parseSrt'
import { parseWebVtt } from './parseWebVtt'

// A timing line as SRT writes it, loosely: digits, colons, an arrow. Plain text rarely has one. Only
// blanks inside a line (never `\s`, which eats line ends too): each line start is then tried once, and a
// file of empty lines is read in linear time instead of quadratic.
const SRT_TIMING = /^[ \t]*\d{1,3}[ \t]*:[ \t]*\d{1,2}[ \t]*:[ \t]*\d{1,2}[^\r\n]*-->/m

// A line that starts with a time and holds a cue arrow: a timing line of some caption format.
const ANY_TIMING = /^[ \t]*\d[\d:.,]*[ \t]*-->/m

/** 1-based line of the character at `index`. */
const lineAt = (text: string, index: number): number => text.slice(0, index).split(/\r\n|\r|\n/).length

/** Which reader a transcript needs, judged from its content (the extension can lie). */
function detect(text: string): (text: string, durationSeconds?: number) => ParsedTranscript {
  const head = text.replace(/^\uFEFF/, '').trimStart()
  // `WEBVTTX` or `WEBvtt` is a WebVTT file with a bad signature, which its reader refuses on line 1.
  if (/^WEBVTT/i.test(head)) return parseWebVtt
  // `[00:01:02] Name: …` is plain text; a JSON list opens with an object, a list, a string or nothing.
  if (head.startsWith('{') || /^\[\s*(?:[{["]|\]|$)/.test(head)) return parseJsonTranscript
  // A Podcasting 2.0 HTML transcript; other HTML is refused by its reader, never shown as markup.
  if (looksLikeHtml(head)) return parsePodcastingHtml
  if (SRT_TIMING.test(text)) return parseSrt
  const timing = ANY_TIMING.exec(text)
  if (timing)
    throw new TranscriptError(
      lineAt(text, timing.index),
      'a cue timing line, but the file is neither WebVTT (no "WEBVTT" on line 1) nor SRT (hh:mm:ss,mmm --> hh:mm:ss,mmm)',
    )
  return parsePlainText
}

/**
 * Reads a transcript whatever its extension says: WebVTT, SRT, a JSON transcript (Podcasting 2.0,
 * Whisper, WhisperX, Deepgram), a Podcasting 2.0 HTML transcript or plain text with speaker turns. Errors name the file and the line or
 * JSON path.
 */
export function parseTranscript(
  content: Buffer | string,
  fileName: string,
  // Plain text without stamps is spread over the media's duration when it is known.
  durationSeconds?: number,
): ParsedTranscript {
  if (typeof content !== 'string' && content.length > MAX_TRANSCRIPT_BYTES)
    throw new UserError('invalid-input', `${fileName}: a transcript over 50 MB is refused`)
  let text: string
  try {
    text = typeof content === 'string' ? content : new TextDecoder('utf-8', { fatal: true }).decode(content)
  } catch {
    throw new UserError('invalid-input', `${fileName}: not UTF-8 text; save the transcript as UTF-8`)
  }
  if (text.includes('\u0000'))
    throw new UserError('invalid-input', `${fileName}: a binary file, not a transcript`)
  try {
    return detect(text)(text, durationSeconds)
  } catch (error) {
    if (error instanceof TranscriptError || error instanceof TranscriptJsonError)
      throw new UserError('invalid-input', `${fileName}: ${error.message}`)
    throw error
  }
}
