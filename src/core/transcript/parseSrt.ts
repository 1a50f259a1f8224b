import { plainCueText } from './cueText'
import { TranscriptError, splitLines, type ParsedSegment, type ParsedTranscript } from './parsedTranscript'

// Real SRT files: spaces inside stamps, `,` or `.` before 1-3 digit milliseconds, 1-2 digit fields.
const STAMP = /^\s*(\d{1,3})\s*:\s*(\d{1,2})\s*:\s*(\d{1,2})(?:\s*[,.:]\s*(\d{1,3}))?\s*$/

function parseSrtStamp(text: string): number | null {
  const m = STAMP.exec(text)
  if (!m) return null
  const [, h, mm, ss, ms = '0'] = m
  // "1" and "12" after the separator are tenths and hundredths, as players read them.
  const millis = Number(ms.padEnd(3, '0'))
  return Number(h) * 3600 + Number(mm) * 60 + Number(ss) + millis / 1000
}

const SPEAKER_PREFIX = /^([\p{L}][\p{L}\p{N} .'-]{0,40}):\s+(.*)$/u

/** SubRip as real files write it: BOM, CRLF, missing or odd indexes, loose timestamps, `Name:` prefixes. */
export function parseSrt(text: string): ParsedTranscript {
  const lines = splitLines(text)
  const segments: ParsedSegment[] = []
  let firstBad: number | null = null
  let i = 0
  while (i < lines.length) {
    const line = lines[i] ?? ''
    const arrow = line.indexOf('-->')
    if (arrow < 0) {
      i++
      continue
    }
    const start = parseSrtStamp(line.slice(0, arrow))
    const end = parseSrtStamp(line.slice(arrow + 3).replace(/\s+[A-Za-z][\s\S]*$/, ''))
    const timingLine = i + 1
    i++
    const payload: string[] = []
    while (i < lines.length && (lines[i] ?? '').trim() !== '') {
      // An index line directly followed by a timing line belongs to the next cue, even without a blank line.
      if ((lines[i + 1] ?? '').includes('-->') && /^\s*\S+\s*$/.test(lines[i] ?? '')) break
      if ((lines[i] ?? '').includes('-->')) break
      payload.push(lines[i++] ?? '')
    }
    if (start === null || end === null) {
      firstBad ??= timingLine
      continue
    }
    let body = plainCueText(payload.join('\n').replace(/\{\\[^}]*\}/g, ''))
    let speaker: string | null = null
    const prefixed = SPEAKER_PREFIX.exec(body)
    if (prefixed) {
      speaker = prefixed[1]?.trim() ?? null
      body = prefixed[2] ?? ''
    }
    segments.push({ start, end, speaker, text: body, words: [] })
  }
  if (segments.length === 0)
    throw new TranscriptError(
      firstBad ?? Math.max(1, lines.length),
      firstBad
        ? 'malformed timestamp; no usable cue in the file'
        : 'no subtitle cue (start --> end) in the file',
    )
  return { format: 'srt', segments }
}
