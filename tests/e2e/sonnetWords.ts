import fs from 'node:fs'
import { parseWebVtt } from '../../src/core/transcript/parseWebVtt'
import { SONNET_VTT } from '../fixtureFiles'

export interface SonnetWord {
  text: string
  start: number
  end: number
}

export interface SonnetLine {
  start: number
  end: number
  text: string
  words: SonnetWord[]
}

/** The sonnet's lines as Whisper would time them: each cue a segment, its words spread evenly over it. */
export function sonnetLines(): SonnetLine[] {
  return parseWebVtt(fs.readFileSync(SONNET_VTT, 'utf8')).segments.map((c) => {
    const words = c.text.split(' ')
    const step = (c.end - c.start) / words.length
    const at = (i: number): number => Math.round((c.start + i * step) * 1000) / 1000
    return {
      start: c.start,
      end: c.end,
      text: c.text,
      words: words.map((text, i) => ({ text, start: at(i), end: at(i + 1) })),
    }
  })
}

/** The same lines as a Whisper JSON file's text. */
export function sonnetAsWhisperJson(): string {
  const lines = sonnetLines()
  return JSON.stringify({
    text: lines.map((l) => l.text).join(' '),
    language: 'en',
    segments: lines.map((l, id) => ({
      id,
      start: l.start,
      end: l.end,
      text: ' ' + l.text,
      words: l.words.map((w) => ({ ...w, confidence: 0.9 })),
    })),
  })
}
