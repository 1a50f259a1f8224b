import { plainCueText, voiceOf } from './cueText'
import { TranscriptError, splitLines, type ParsedSegment, type ParsedTranscript } from './parsedTranscript'

// hh:mm:ss.ttt with hours optional (2+ digits when present), as the WebVTT timestamp grammar has it.
const TIMESTAMP = /^(?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3})$/

export function parseVttTimestamp(text: string): number | null {
  const m = TIMESTAMP.exec(text)
  if (!m) return null
  const [, h, mm, ss, ms] = m
  return Number(h ?? 0) * 3600 + Number(mm) * 60 + Number(ss) + Number(ms) / 1000
}

/** Parses a timing line `start --> end [settings]`; settings are ignored. */
function parseTiming(line: string): { start: number; end: number } | null {
  const arrow = line.indexOf('-->')
  if (arrow < 0) return null
  const start = parseVttTimestamp(line.slice(0, arrow).trim())
  const rest = line.slice(arrow + 3).replace(/^[ \t]+/, '')
  const end = parseVttTimestamp(rest.split(/[ \t]/)[0] ?? '')
  if (start === null || end === null) return null
  return { start, end }
}

/** WebVTT per the W3C parser: header, blocks, cues; NOTE/STYLE/REGION blocks and cue settings ignored. */
export function parseWebVtt(text: string): ParsedTranscript {
  const lines = splitLines(text)
  const first = lines[0] ?? ''
  if (!/^WEBVTT(?:$|[ \t])/.test(first)) throw new TranscriptError(1, 'a WebVTT file starts with "WEBVTT"')
  let i = 1
  // The header runs to the first blank line; a timing line there starts the first cue early.
  while (i < lines.length && lines[i] !== '' && !(lines[i] ?? '').includes('-->')) i++
  const segments: ParsedSegment[] = []
  let firstBadTiming: number | null = null
  while (i < lines.length) {
    while (i < lines.length && lines[i] === '') i++
    if (i >= lines.length) break
    let line = lines[i] ?? ''
    if (!line.includes('-->')) {
      // A block's first line is an identifier (or NOTE/STYLE/REGION) unless it holds the arrow.
      i++
      line = lines[i] ?? ''
      if (i >= lines.length || line === '' || !line.includes('-->')) {
        while (i < lines.length && lines[i] !== '') i++
        continue
      }
    }
    const timing = parseTiming(line)
    const timingLine = i + 1
    i++
    const payload: string[] = []
    while (i < lines.length && lines[i] !== '' && !(lines[i] ?? '').includes('-->'))
      payload.push(lines[i++] ?? '')
    if (!timing) {
      firstBadTiming ??= timingLine
      continue
    }
    const raw = payload.join('\n')
    segments.push({
      start: timing.start,
      end: timing.end,
      speaker: voiceOf(raw),
      text: plainCueText(raw),
      words: [],
    })
  }
  if (segments.length === 0)
    throw new TranscriptError(
      firstBadTiming ?? lines.length,
      firstBadTiming ? 'malformed cue timing; no usable cue in the file' : 'no cue in the file',
    )
  return { format: 'webvtt', segments }
}
