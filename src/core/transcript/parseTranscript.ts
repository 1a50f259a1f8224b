import { UserError } from '../errors'
import { TranscriptError, type ParsedTranscript } from './parsedTranscript'
import { parseSrt } from './parseSrt'
import { parseWebVtt } from './parseWebVtt'

const MAX_TRANSCRIPT_BYTES = 50 * 1024 * 1024

/** Reads a transcript whatever its extension says: the content decides the format. */
export function parseTranscript(content: Buffer | string, fileName: string): ParsedTranscript {
  if (typeof content !== 'string' && content.length > MAX_TRANSCRIPT_BYTES)
    throw new UserError('invalid-input', `${fileName}: a transcript over 50 MB is refused`)
  const text = typeof content === 'string' ? content : new TextDecoder('utf-8').decode(content)
  const head = text.replace(/^\uFEFF/, '').trimStart()
  try {
    if (head.startsWith('WEBVTT')) return parseWebVtt(text)
    if (/-->/.test(text)) return parseSrt(text)
  } catch (error) {
    if (error instanceof TranscriptError)
      throw new UserError('invalid-input', `${fileName}: ${error.message}`)
    throw error
  }
  throw new UserError(
    'invalid-input',
    `${fileName}: line 1: not a transcript format Episcore reads (WebVTT or SRT)`,
  )
}
