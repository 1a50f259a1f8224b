import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { plainCueText } from '../../src/core/transcript/cueText'
import type { ParsedSegment } from '../../src/core/transcript/parsedTranscript'
import { parseJsonTranscript } from '../../src/core/transcript/parseJsonTranscript'
import { parseSrt } from '../../src/core/transcript/parseSrt'
import { parseWebVtt } from '../../src/core/transcript/parseWebVtt'
import {
  SRT_MAX_LINES,
  SRT_MAX_LINE_CHARS,
  toEpisodeTranscript,
  toPodcastingJson,
  writeEpisodeTranscriptJson,
  writePodcastingJson,
  writeSrt,
  writeWebVtt,
} from '../../src/core/transcript/writeTranscript'
import { episodeSchemas } from '../../src/shared/episodeFormat'

const seg = (start: number, end: number, text: string, speaker: string | null = null): ParsedSegment => ({
  start,
  end,
  speaker,
  text,
  words: [],
})

const chars = (text: string): number => Array.from(text).length
const ms = (seconds: number): number => Math.round(seconds * 1000)
const view = (s: ParsedSegment): { start: number; end: number; speaker: string | null; text: string } => ({
  start: ms(s.start),
  end: ms(s.end),
  speaker: s.speaker,
  text: s.text,
})

/** The payload lines of each SRT cue, as written (index and timing lines left out). */
const srtPayloads = (srt: string): string[][] =>
  srt
    .trimEnd()
    .split('\n\n')
    .map((block) => block.split('\n').slice(2))

/** What a reader recovers of a cue: the `Name: ` prefix it split off, put back. */
const spoken = (s: ParsedSegment): string => (s.speaker === null ? s.text : `${s.speaker}: ${s.text}`)

const SPEAKERS = ['Alice', 'Dr. Bob Smith', 'Zoë Ångström', '李雷', 'Ann & <Co>', 'Q > A', "O'Neil-Brown"]

const SPECIAL_WORDS = [
  '&',
  '&amp;',
  '&lt;b&gt;',
  '&#65;',
  '&nbsp;',
  '<',
  '>',
  '<b>bold</b>',
  '<v',
  'Joe>',
  '-->',
  'a-->b',
  '--',
  '{\\an8}',
  '{x}',
  'Note:',
  'WEBVTT',
  '1',
  '00:00:01,000',
  '😀',
  '👩‍👩‍👧',
  'e\u0301',
  'ﬁ',
  '“quoted”',
]

// Readers collapse whitespace, so texts are generated already collapsed: non-empty words, single spaces.
const word = fc
  .oneof(
    { weight: 3, arbitrary: fc.constantFrom(...SPECIAL_WORDS) },
    { weight: 6, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 25, maxLength: 80 }) },
  )
  .map((w) => w.replace(/\s+/g, ''))
  .filter((w) => w !== '')

interface Shape {
  /** The Podcasting 2.0 reader groups one-word entries into turns, as real per-word files need. */
  minWords?: number
  /**
   * SRT has only the `Name: ` convention for speakers: a cue that starts "Note: ..." reads as said by
   * Note, and a cue that is just "Note:" as a label without text. No escape helps, as readers decode
   * entities before they look for the prefix; the SRT properties leave colons out.
   */
  colons?: boolean
}

/** Sorted, non-overlapping segments at millisecond precision, some of them past 100 hours. */
const transcriptOf = ({ minWords = 1, colons = true }: Shape = {}): fc.Arbitrary<ParsedSegment[]> =>
  fc
    .tuple(
      fc.constantFrom(0, 0, 3_599_000, 360_000_000),
      fc.array(
        fc.record({
          gap: fc.integer({ min: 0, max: 5_000 }),
          length: fc.integer({ min: 0, max: 30_000 }),
          speaker: fc.constantFrom(null, ...SPEAKERS),
          // Word times, when there are any, run evenly over the segment, shifted to reach outside it at times.
          wordShift: fc.option(fc.integer({ min: -500, max: 500 })),
          text: fc
            .array(colons ? word : word.filter((w) => !w.includes(':')), {
              minLength: minWords,
              maxLength: 24,
            })
            .map((words) => words.join(' ')),
        }),
        { minLength: 1, maxLength: 8 },
      ),
    )
    .map(([offset, items]) => {
      let at = offset
      return items.map(({ gap, length, speaker, wordShift, text }) => {
        const start = at + gap
        at = start + length
        const texts = text.split(' ')
        const words = (shift: number): ParsedSegment['words'] =>
          texts.map((t, i) => {
            const time = (k: number): number =>
              Math.max(0, start + shift + Math.floor((length * k) / texts.length)) / 1000
            return { start: time(i), end: time(i + 1), text: t }
          })
        return {
          ...seg(start / 1000, at / 1000, text, speaker),
          words: wordShift === null ? [] : words(wordShift),
        }
      })
    })

describe('writeWebVtt', () => {
  it('escapes &, < and > in text and voice names, so no payload holds "-->"', () => {
    const vtt = writeWebVtt([
      seg(1, 2.5, 'a < b && c > d --> e <i>x</i>', 'Ann & <Co>'),
      seg(3, 4, 'no voice'),
    ])
    expect(vtt).toBe(
      'WEBVTT\n\n' +
        '00:00:01.000 --> 00:00:02.500\n<v Ann &amp; &lt;Co&gt;>a &lt; b &amp;&amp; c &gt; d --&gt; e &lt;i&gt;x&lt;/i&gt;\n\n' +
        '00:00:03.000 --> 00:00:04.000\nno voice\n',
    )
    expect(parseWebVtt(vtt).segments.map(view)).toEqual([
      { start: 1000, end: 2500, speaker: 'Ann & <Co>', text: 'a < b && c > d --> e <i>x</i>' },
      { start: 3000, end: 4000, speaker: null, text: 'no voice' },
    ])
  })

  it('writes hour and 100-hour times, rounded to milliseconds', () => {
    const vtt = writeWebVtt([seg(3725.4996, 3725.5004, 'later'), seg(360_000, 360_001.25, 'much later')])
    expect(vtt).toContain('01:02:05.500 --> 01:02:05.500\nlater')
    expect(vtt).toContain('100:00:00.000 --> 100:00:01.250\nmuch later')
  })

  it('never leaves a blank line inside a cue, and writes cues in start order', () => {
    const vtt = writeWebVtt([seg(5, 6, 'second'), seg(1, 2, 'first\n\nparagraph\r\n  more', ' Host\tName ')])
    expect(vtt).toBe(
      'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n<v Host Name>first paragraph more\n\n00:00:05.000 --> 00:00:06.000\nsecond\n',
    )
  })

  it('reads back as the same segments (start, end, speaker, text)', () => {
    fc.assert(
      fc.property(transcriptOf(), (segments) => {
        const back = parseWebVtt(writeWebVtt(segments)).segments
        expect(back.map(view)).toEqual(segments.map(view))
      }),
      { numRuns: 300 },
    )
  })
})

describe('writeSrt', () => {
  it('splits a long turn into cues of at most 2 lines of 32 characters, timed by characters', () => {
    const text =
      "In today's episode, you'll learn whether or not you should have a podcast trailer. And if so, what should you include in one?"
    const srt = writeSrt([seg(0, 12.5, text, 'Sarah')])
    expect(srt).toBe(
      [
        '1',
        '00:00:00,000 --> 00:00:05,200',
        "Sarah: In today's episode,",
        "you'll learn whether or not you",
        '',
        '2',
        '00:00:05,200 --> 00:00:11,000',
        'should have a podcast trailer.',
        'And if so, what should you',
        '',
        '3',
        '00:00:11,000 --> 00:00:12,500',
        'include in one?',
        '',
      ].join('\n'),
    )
  })

  it('times cues by the words when the segment has them', () => {
    const words = 'one two three four five six seven eight nine ten eleven twelve thirteen fourteen'.split(
      ' ',
    )
    const segment: ParsedSegment = {
      start: 10,
      end: 24,
      speaker: null,
      text: words.join(' '),
      words: words.map((text, i) => ({ start: 10 + i, end: 10.5 + i, text })),
    }
    const cues = parseSrt(writeSrt([segment])).segments
    expect(cues.map((c) => [c.start, c.end, c.text])).toEqual([
      [10, 21, 'one two three four five six seven eight nine ten eleven'],
      [21, 24, 'twelve thirteen fourteen'],
    ])
  })

  it('cuts a word longer than a line between characters, keeping emoji whole', () => {
    const long = 'a'.repeat(31) + '👩‍👩‍👧' + 'b'.repeat(40)
    const srt = writeSrt([seg(0, 3, `x ${long} end`)])
    expect(srtPayloads(srt)).toEqual([
      ['x', 'a'.repeat(31)],
      ['👩‍👩‍👧' + 'b'.repeat(27), 'b'.repeat(13) + ' end'],
    ])
  })

  it('gives every cue of a long run of text without spaces at least 0.5 s, in order', () => {
    // A pasted link or a language written without spaces: one "word" of 5,800 characters, timed as one.
    const run = 'ハ'.repeat(5800)
    const segment: ParsedSegment = {
      start: 60,
      end: 200,
      speaker: null,
      text: `before ${run} after`,
      words: [
        { start: 60, end: 61, text: 'before' },
        { start: 61, end: 199, text: run },
        { start: 199, end: 200, text: 'after' },
      ],
    }
    const cues = parseSrt(writeSrt([segment])).segments
    expect(cues.length).toBeGreaterThan(90)
    cues.forEach((cue, i) => {
      expect(ms(cue.end) - ms(cue.start), `cue ${i + 1}`).toBeGreaterThanOrEqual(500)
      if (i > 0) expect(ms(cue.start)).toBe(ms(cues[i - 1]?.end ?? 0))
    })
    expect(ms(cues.at(-1)?.end ?? 0)).toBe(200_000)
  })

  it('shares a segment too short for 0.5 s a cue equally, and keeps cues of overlapping segments apart', () => {
    const text = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ')
    const short = parseSrt(writeSrt([seg(10, 11, text)])).segments
    expect(short.length).toBeGreaterThan(2)
    const share = Math.floor(1000 / short.length)
    for (const cue of short) expect(ms(cue.end) - ms(cue.start)).toBeGreaterThanOrEqual(share)
    // Two voices of one WebVTT cue, and a turn that starts while the other still talks.
    const cues = parseSrt(
      writeSrt([seg(0, 4, 'Hello there', 'Ann'), seg(0, 4, 'Hi', 'Bob'), seg(3, 8, 'Go on', 'Ann')]),
    ).segments
    expect(cues.map((c) => [ms(c.start), ms(c.end), c.speaker])).toEqual([
      [0, 2000, 'Ann'],
      [2000, 3000, 'Bob'],
      [3000, 8000, 'Ann'],
    ])
  })

  it('splits a word only when it is longer than a line', () => {
    const words = Array.from({ length: 300 }, (_, i) => 'abcdefghij'.slice(0, 1 + ((i * 7) % 10)) + i)
    const lines = srtPayloads(writeSrt([seg(0, 300, words.join(' '))])).flat()
    expect(lines.flatMap((line) => line.split(' '))).toEqual(words)
  })

  it('escapes only what a reader would misread: tags, entities, "-->" and {\\ overrides', () => {
    const text = 'a<b & c>d &amp; x --> y {\\an8} {ok} 3 < 4'
    const srt = writeSrt([seg(3600, 3601, text)])
    expect(srt).toBe(
      '1\n01:00:00,000 --> 01:00:01,000\na&lt;b & c>d &amp;amp; x --&gt; y &#123;\\an8}\n{ok} 3 < 4\n',
    )
    expect(parseSrt(srt).segments.map((s) => s.text)).toEqual([text])
  })

  it('reads back as the same text per segment, in cues of 2 lines of 32 characters inside its time', () => {
    fc.assert(
      fc.property(transcriptOf({ colons: false }), (segments) => {
        const perSegment = segments.map((segment) => {
          const srt = writeSrt([segment])
          const cues = parseSrt(srt).segments
          const expected = spoken(segment)
          // The speaker is written on a turn's first cue; reading gives the turn's other cues that speaker.
          for (const cue of cues) expect(cue.speaker).toBe(cues[0]?.speaker)
          const joined = cues.map((cue, i) => (i === 0 ? spoken(cue) : cue.text)).join(' ')
          // A word cut in two comes back as two words: only the characters can be compared then.
          if (expected.split(' ').every((w) => chars(w) <= SRT_MAX_LINE_CHARS)) expect(joined).toBe(expected)
          else expect(joined.replace(/ /g, '')).toBe(expected.replace(/ /g, ''))
          for (const lines of srtPayloads(srt)) {
            expect(lines.length).toBeLessThanOrEqual(SRT_MAX_LINES)
            for (const line of lines)
              expect(chars(plainCueText(line))).toBeLessThanOrEqual(SRT_MAX_LINE_CHARS)
          }
          // Each cue lasts 0.5 s, or its share of a segment too short for that.
          const shortest = Math.min(500, Math.floor((ms(segment.end) - ms(segment.start)) / cues.length))
          cues.forEach((cue, i) => {
            expect(ms(cue.start)).toBeGreaterThanOrEqual(ms(segment.start))
            expect(ms(cue.end)).toBeLessThanOrEqual(ms(segment.end))
            expect(ms(cue.end) - ms(cue.start)).toBeGreaterThanOrEqual(shortest)
            if (i > 0) expect(ms(cue.start)).toBe(ms(cues[i - 1]?.end ?? 0))
          })
          return cues
        })
        const whole = parseSrt(writeSrt(segments)).segments
        expect(whole.map((s) => s.text)).toEqual(perSegment.flat().map((s) => s.text))
        // Overlapping segments are laid one after the other: no cue starts before the one above ends.
        whole.forEach((cue, i) => {
          if (i > 0) expect(ms(cue.start)).toBeGreaterThanOrEqual(ms(whole[i - 1]?.end ?? 0))
        })
      }),
      { numRuns: 200 },
    )
  })
})

describe('writePodcastingJson', () => {
  it('has the shape of the Podcasting 2.0 example: version, then speaker (when known), times and body', () => {
    const json = writePodcastingJson([seg(0.5, 0.75, 'I am', 'Darth Vader'), seg(2.75, 3.0004, 'Nooooo')])
    expect(JSON.parse(json)).toEqual({
      version: '1.0.0',
      segments: [
        { speaker: 'Darth Vader', startTime: 0.5, endTime: 0.75, body: 'I am' },
        { startTime: 2.75, endTime: 3, body: 'Nooooo' },
      ],
    })
    expect(json.endsWith('}\n')).toBe(true)
  })

  it('writes, for any transcript, entries with exactly those keys and times at ms precision', () => {
    fc.assert(
      fc.property(transcriptOf(), (segments) => {
        const { version, segments: entries } = toPodcastingJson(segments)
        expect(version).toBe('1.0.0')
        expect(entries).toHaveLength(segments.length)
        entries.forEach((entry, i) => {
          const source = segments[i] as ParsedSegment
          expect(Object.keys(entry)).toEqual(
            source.speaker === null
              ? ['startTime', 'endTime', 'body']
              : ['speaker', 'startTime', 'endTime', 'body'],
          )
          expect([entry.startTime, entry.endTime]).toEqual([ms(source.start) / 1000, ms(source.end) / 1000])
        })
      }),
    )
  })

  it('reads back as the same segments when each holds several words', () => {
    fc.assert(
      fc.property(transcriptOf({ minWords: 2 }), (segments) => {
        const back = parseJsonTranscript(writePodcastingJson(segments)).segments
        expect(back.map(view)).toEqual(segments.map(view))
      }),
      { numRuns: 200 },
    )
  })
})

describe('toEpisodeTranscript', () => {
  it('gives ids s1.., the speaker name as speakerId, ms times and the words', () => {
    const longName = 'Ω'.repeat(70)
    const transcript = toEpisodeTranscript([
      {
        start: 1.23456,
        end: 2.0004,
        speaker: 'Alice',
        text: 'hi there',
        words: [
          { start: 1.23456, end: 1.5, text: 'hi' },
          { start: 1.6, end: 2.0004, text: 'there' },
        ],
      },
      seg(0, 1, 'first'),
      seg(3, 4, 'long', longName),
    ])
    expect(transcript).toEqual({
      segments: [
        { id: 's1', start: 0, end: 1, speakerId: null, text: 'first', words: [] },
        {
          id: 's2',
          start: 1.235,
          end: 2,
          speakerId: 'Alice',
          text: 'hi there',
          words: [
            { start: 1.235, end: 1.5, text: 'hi' },
            { start: 1.6, end: 2, text: 'there' },
          ],
        },
        { id: 's3', start: 3, end: 4, speakerId: 'Ω'.repeat(64), text: 'long', words: [] },
      ],
    })
    expect(episodeSchemas().transcriptSchema.safeParse(transcript).success).toBe(true)
  })

  it('passes the episode format transcript schema for any transcript', () => {
    fc.assert(
      fc.property(transcriptOf(), (segments) => {
        const parsed = episodeSchemas().transcriptSchema.safeParse(
          JSON.parse(writeEpisodeTranscriptJson(segments)),
        )
        expect(parsed.error?.issues ?? []).toEqual([])
      }),
    )
  })
})

describe('every writer', () => {
  const writers = { writeWebVtt, writeSrt, writePodcastingJson, writeEpisodeTranscriptJson }

  it('refuses an empty transcript with a clear message', () => {
    for (const [name, write] of Object.entries(writers))
      expect(() => write([]), name).toThrow('the transcript has no segments, so there is nothing to write')
  })

  it('refuses a time that is not a number >= 0 or an end before the start, naming the segment', () => {
    for (const write of Object.values(writers)) {
      expect(() => write([seg(0, 1, 'ok'), seg(Number.NaN, 2, 'x')])).toThrow(
        'segment 2: start is NaN; a time is a number of seconds >= 0',
      )
      expect(() => write([seg(-1, 2, 'x')])).toThrow('segment 1: start is -1')
      expect(() => write([seg(5, 4.5, 'x')])).toThrow('segment 1: end 4.5 is before start 5')
    }
  })
})
