import { describe, expect, it } from 'vitest'
import { UserError } from '../../src/core/errors'
import { parseTranscript } from '../../src/core/transcript/parseTranscript'

const SAMPLES: Record<string, string> = {
  webvtt: 'WEBVTT\n\n00:01.000 --> 00:02.000\n<v Ann>Hello.\n',
  srt: '1\n00:00:01,000 --> 00:00:02,000\nAnn: Hello.\n',
  podcasting20: JSON.stringify({
    version: '1.0.0',
    segments: [{ speaker: 'Ann', startTime: 1, endTime: 2, body: 'Hello.' }],
  }),
  whisper: JSON.stringify({ text: ' Hello.', segments: [{ start: 1, end: 2, text: ' Hello.' }] }),
  plain: '[00:00:01] Ann: Hello.\n',
}

describe('choosing the transcript reader from the content', () => {
  it.each(Object.entries(SAMPLES))('reads %s whatever the file is called', (format, text) => {
    for (const name of ['transcript.txt', 'transcript.vtt', 'transcript.json', 'noextension']) {
      const parsed = parseTranscript(Buffer.from(text), name, 60)
      expect(parsed.format, name).toBe(format)
      expect(parsed.segments[0]).toMatchObject({ text: 'Hello.' })
      expect(parsed.segments[0]?.start).toBeCloseTo(1, 3)
    }
  })

  it('refuses binary and non-UTF-8 files naming the file, and a JSON file naming line and column', () => {
    expect(() => parseTranscript(Buffer.from([0x57, 0x45, 0x00, 0x01]), 'a.bin')).toThrow(/a\.bin: .*binary/)
    expect(() => parseTranscript(Buffer.from([0x48, 0xff, 0xfe, 0x41]), 'latin.srt')).toThrow(
      /latin\.srt: not UTF-8/,
    )
    expect(() => parseTranscript(Buffer.from('{\n  "segments": [,]\n}'), 'bad.json')).toThrow(
      /bad\.json: .*line 2, column \d+/,
    )
    expect(() => parseTranscript(Buffer.from(''), 'empty.txt')).toThrow(UserError)
  })
})
