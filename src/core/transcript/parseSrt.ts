import { carriedWarning, carrySpeakers } from './carrySpeakers'
import { plainCueText, splitSpeakerPrefix } from './cueText'
import {
  backwardCue,
  TranscriptError,
  splitLines,
  unplacedLines,
  type ParsedSegment,
  type ParsedTranscript,
} from './parsedTranscript'

/**
 * One SubRip timestamp read the way GStreamer's subparse reads real files: spaces inside the stamp
 * stand for zeros (" 0: 0:26, 26" is 00:00:26,026), `.` may replace `,`, and the fraction is
 * milliseconds cut or right-padded to three digits (",5" is 500 ms, ", 5" 50 ms, ",  5" 5 ms).
 * Unlike GStreamer, a stamp without a fraction ("00:00:01") is read as whole seconds.
 */
export function parseSrtMillis(text: string): number | null {
  const stamp = text.trim().replace(/\s/g, '0').replace('.', ',')
  const m = /^(\d{1,4}):(\d{1,3}):(\d{1,3})(?:[,:](\d+))?$/.exec(stamp)
  if (!m) return null
  const [, h, mm, ss, fraction = '0'] = m
  const ms = Number(fraction.slice(0, 3).padEnd(3, '0'))
  return ((Number(h) * 60 + Number(mm)) * 60 + Number(ss)) * 1000 + ms
}

/** `start --> end`, ignoring the `X1:… Y2:…` box coordinates some files add after the end stamp. */
function parseTimingLine(line: string): { start: number; end: number } | null {
  const arrow = line.indexOf('-->')
  if (arrow < 0) return null
  const start = parseSrtMillis(line.slice(0, arrow))
  // Stamps hold no letters, so the end stamp is whatever comes before the first one.
  const end = parseSrtMillis(line.slice(arrow + 3).split(/[A-Za-z]/, 1)[0] ?? '')
  if (start === null || end === null) return null
  return { start: start / 1000, end: end / 1000 }
}

const isBlank = (line: string | undefined): boolean => (line ?? '').trim() === ''

/** True where a new cue starts: a timing line, or a lone index (any single word) right above one. */
function startsCue(lines: string[], i: number): boolean {
  if (parseTimingLine(lines[i] ?? '')) return true
  return /^\s*\S+\s*$/.test(lines[i] ?? '') && parseTimingLine(lines[i + 1] ?? '') !== null
}

/** Text of one cue: ASS override blocks like `{\an8}` and HTML-ish tags dropped, `Name:` split off. */
function cueSegment(start: number, end: number, payload: string[]): ParsedSegment | null {
  const text = plainCueText(payload.join('\n').replace(/\{\\[^{}]*\}/g, ''))
  const prefixed = splitSpeakerPrefix(text)
  const body = prefixed ? prefixed.rest.trim() : text
  // A cue without words (GStreamer keeps "</b>" as an empty buffer) has nothing to show in a transcript.
  if (body === '') return null
  return { start, end, speaker: prefixed?.speaker ?? null, text: body, words: [] }
}

/** SubRip as real files write it: BOM, CRLF, missing or odd indexes, loose timestamps, `Name:` prefixes. */
export function parseSrt(text: string): ParsedTranscript {
  const lines = splitLines(text)
  const segments: ParsedSegment[] = []
  let firstBad: number | null = null
  const unplaced: number[] = []
  const backwards: string[] = []
  let firstBackward: number | null = null
  let i = 0
  while (i < lines.length) {
    const line = lines[i] ?? ''
    const timing = parseTimingLine(line)
    if (!timing) {
      if (line.includes('-->')) firstBad ??= i + 1
      // Text outside every cue (not a cue's index) is left out, and said to be.
      if (!isBlank(line) && !startsCue(lines, i)) unplaced.push(i + 1)
      i++
      continue
    }
    const timingLine = i + 1
    const backward = backwardCue(timingLine, timing.start, timing.end)
    i++
    const payload: string[] = []
    while (i < lines.length && !isBlank(lines[i]) && !startsCue(lines, i)) payload.push(lines[i++] ?? '')
    if (backward) {
      backwards.push(backward)
      firstBackward ??= timingLine
      continue
    }
    const segment = cueSegment(timing.start, timing.end, payload)
    if (segment) segments.push(segment)
  }
  if (segments.length > 0) {
    const carried = carrySpeakers(segments)
    return {
      format: 'srt',
      segments,
      warnings: [...unplacedLines(unplaced), ...backwards, ...carriedWarning(carried)],
    }
  }
  if (firstBackward !== null)
    throw new TranscriptError(firstBackward, 'every cue ends before it starts; no usable cue in the file')
  if (firstBad !== null) throw new TranscriptError(firstBad, 'malformed timestamp; no usable cue in the file')
  const lastLine = lines.length - (lines[lines.length - 1] === '' ? 1 : 0)
  throw new TranscriptError(Math.max(1, lastLine), 'no subtitle cue (start --> end) with text in the file')
}
