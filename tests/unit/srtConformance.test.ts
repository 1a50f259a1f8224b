import fs from 'node:fs'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { decodeEntities } from '../../src/core/transcript/cueText'
import { TranscriptError, type ParsedSegment } from '../../src/core/transcript/parsedTranscript'
import { parseSrt, parseSrtMillis } from '../../src/core/transcript/parseSrt'
import { fixture } from '../fixtureFiles'

interface SubparseCase {
  input: string
  start_ms: number
  end_ms: number
  expected_text: string
}

const SUBPARSE = (...parts: string[]): string => fixture('srt', 'gstreamer-subparse', ...parts)
const PYSRT = (name: string): string => fixture('srt', 'pysrt', name)

function subparseGroups(): [string, SubparseCase[]][] {
  const cases = JSON.parse(fs.readFileSync(SUBPARSE('srt_cases.json'), 'utf8')) as {
    groups: Record<string, SubparseCase[]>
  }
  return Object.entries(cases.groups)
}

/**
 * GStreamer hands on Pango markup: it keeps <i>, <b> and <u>, closes what is left open, drops unknown
 * tags and escapes `&` and `<`. We keep plain text, so the expectation is that markup taken off again.
 */
const plainExpected = (pango: string): string =>
  decodeEntities(pango.replace(/<[^>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim()

const ms = (seconds: number): number => Math.round(seconds * 1000)
const cueView = (s: ParsedSegment) => ({ start_ms: ms(s.start), end_ms: ms(s.end), text: s.text })

/** What a case should give us: GStreamer's empty buffers ("</b>") are cues without text, which we drop. */
const expectedCues = (cases: SubparseCase[]) =>
  cases
    .map((c) => ({ start_ms: c.start_ms, end_ms: c.end_ms, text: plainExpected(c.expected_text) }))
    .filter((cue) => cue.text !== '')

describe('GStreamer subparse SRT cases', () => {
  const groups = subparseGroups()

  it('has the five groups and 27 cases of subparse.c', () => {
    expect(groups.map(([name]) => name)).toEqual([
      'srt_input',
      'srt_input0',
      'srt_input1',
      'srt_input2',
      'srt_input3',
    ])
    expect(groups.reduce((sum, [, cases]) => sum + cases.length, 0)).toBe(27)
  })

  for (const [group, cases] of groups) {
    cases.forEach((c, i) => {
      it(`${group}[${i}] ${JSON.stringify(c.input.split('\n')[1])}`, () => {
        const expected = expectedCues([c])
        if (expected.length === 0) {
          expect(() => parseSrt(c.input)).toThrow(TranscriptError)
          return
        }
        expect(parseSrt(c.input).segments.map(cueView)).toEqual(expected)
      })
    })

    it(`${group}: the chunks pushed in order`, () => {
      expect(parseSrt(cases.map((c) => c.input).join('')).segments.map(cueView)).toEqual(expectedCues(cases))
    })

    it(`${group}.srt: the file on disk`, () => {
      const text = fs.readFileSync(SUBPARSE(`${group}.srt`), 'utf8')
      expect(parseSrt(text).segments.map(cueView)).toEqual(expectedCues(cases))
    })
  }

  it('srt_input replayed from chunks 1 to 5, as test_srt does', () => {
    const cases = groups.find(([name]) => name === 'srt_input')?.[1] ?? []
    for (let from = 1; from <= 5; from++) {
      const rest = cases.slice(from)
      expect(parseSrt(rest.map((c) => c.input).join('')).segments.map(cueView)).toEqual(expectedCues(rest))
    }
  })
})

describe('pysrt test files', () => {
  const read = (name: string) => parseSrt(fs.readFileSync(PYSRT(name), 'utf8')).segments

  it('no-indexes.srt: the 7 cues pysrt counts (test_missing_indexes), with their times and text', () => {
    const segments = read('no-indexes.srt')
    expect(segments).toHaveLength(7)
    expect(segments.map((s) => [ms(s.start), ms(s.end)])).toEqual([
      [6500, 9000],
      [11000, 17000],
      [19000, 24000],
      [25000, 31000],
      [31000, 36000],
      [37000, 43000],
      [43000, 50000],
    ])
    expect(segments[0]?.text).toBe('About 2 months ago I found myself on the comment section of YouTube')
    expect(segments[2]?.text).toBe(
      "And I posted underneath against this woman's tirades, against what is essentially the human race.",
    )
    expect(segments[4]?.text).toBe(
      "and hinder progress, and one of the responses I got, I didn't answer it, was:",
    )
    expect(segments.every((s) => s.speaker === null)).toBe(true)
  })

  it('overlapping-dialogues.srt: 4 overlapping cues, CRLF, a one-digit seconds field', () => {
    expect(read('overlapping-dialogues.srt').map((s) => [ms(s.start), ms(s.end), s.text])).toEqual([
      [0, 1000, 'I am the 1st dialogue'],
      [500, 2500, 'I am the 2nd dialogue I am overlapping the 1st and 3rd'],
      [250, 2300, "I am the 3rd dialogue, but I'm completely overlapped by the 2nd I should be removed"],
      [2000, 3000, 'I am the 4th dialogue'],
    ])
  })

  it('invalid.srt: read although pysrt refuses it (index "foobar", stamps without milliseconds)', () => {
    // pysrt raises in ERROR_RAISE mode (test_error_handling) because SubRipTime needs four fields. The
    // cue is unambiguous, so we read the index as a label and the stamps as whole seconds.
    expect(read('invalid.srt').map((s) => [ms(s.start), ms(s.end), s.text])).toEqual([
      [1000, 10000, 'This subtitle is invalid'],
    ])
  })
})

describe('SRT timestamps', () => {
  it.each([
    ['00:00:01,000', 1000],
    ['00:00:01.000', 1000],
    ['01:02:03,004', 3723004],
    ['00:00:03,50', 3500],
    ['00:00:03,5', 3500],
    ['00:00:03, 5', 3050],
    ['00:00:03,  5', 3005],
    [' 0: 0:26, 26', 26026],
    ['00:00:03,1234', 3123],
    ['0:0:3', 3000],
    ['00:00:01:500', 1500],
  ])('reads %j as %i ms', (stamp, millis) => {
    expect(parseSrtMillis(stamp)).toBe(millis)
  })

  it.each(['', '1', '00:01,000', 'aa:bb:cc,ddd', '00;00;01,000', '00:00:01,-5'])('refuses %j', (stamp) => {
    expect(parseSrtMillis(stamp)).toBeNull()
  })
})

describe('parseSrt on real-world files', () => {
  const texts = (srt: string) => parseSrt(srt).segments.map((s) => [s.speaker, s.text])

  it('reads a BOM, CRLF and lone CR line ends', () => {
    const srt =
      '\uFEFF1\r\n00:00:01,000 --> 00:00:02,000\r\nOne\r\n\r\n2\r00:00:02,000 --> 00:00:03,000\rTwo\r'
    expect(parseSrt(srt).segments.map(cueView)).toEqual([
      { start_ms: 1000, end_ms: 2000, text: 'One' },
      { start_ms: 2000, end_ms: 3000, text: 'Two' },
    ])
  })

  it('reads cues with missing, odd or repeated indexes and no blank line between cues', () => {
    const srt = [
      '00:00:01,000 --> 00:00:02,000',
      'no index',
      'A7',
      '00:00:02,000 --> 00:00:03,000',
      'odd index, no blank line above',
      '1',
      '00:00:03,000 --> 00:00:04,000',
      'repeated index',
    ].join('\n')
    expect(texts(srt)).toEqual([
      [null, 'no index'],
      [null, 'odd index, no blank line above'],
      [null, 'repeated index'],
    ])
  })

  it('splits a "Name:" prefix into the speaker', () => {
    const srt = [
      '1',
      '00:00:01,000 --> 00:00:02,000',
      'JOHN: Where were you?',
      '',
      '2',
      '00:00:02,000 --> 00:00:03,000',
      'Dr. Mary Smith:',
      'Out.',
      '',
      // Two seconds after Mary's cue: another turn, not hers carried on (see carrySpeakers).
      '3',
      '00:00:05,000 --> 00:00:06,000',
      "Here's the thing: it rained.",
      '',
      '4',
      '00:00:06,000 --> 00:00:07,000',
      'See https://example.org/a:b',
    ].join('\n')
    expect(texts(srt)).toEqual([
      ['JOHN', 'Where were you?'],
      ['Dr. Mary Smith', 'Out.'],
      [null, "Here's the thing: it rained."],
      [null, 'See https://example.org/a:b'],
    ])
  })

  it('strips HTML-ish and ASS markup', () => {
    const srt = [
      '1',
      '00:00:01,000 --> 00:00:02,000 X1:100 X2:600 Y1:50 Y2:80',
      '{\\an8}<font color="#ffff00" face="Arial">Top</font> <i>line</i>',
      '<b>second</b> {\\i1}line{\\i0} &amp; 2 < 3',
    ].join('\n')
    expect(parseSrt(srt).segments.map(cueView)).toEqual([
      { start_ms: 1000, end_ms: 2000, text: 'Top line second line & 2 < 3' },
    ])
  })

  it('drops cues without text', () => {
    const srt = '1\n00:00:01,000 --> 00:00:02,000\n<i></i>\n\n2\n00:00:02,000 --> 00:00:03,000\nkept\n'
    expect(texts(srt)).toEqual([[null, 'kept']])
  })

  it.each([
    ['an empty file', '', 1, 'no subtitle cue'],
    ['no timing line', 'Hello\nworld\n', 2, 'no subtitle cue'],
    ['only malformed timings', '1\n00:00:xx,000 --> 00:00:02,000\nHi\n', 2, 'malformed timestamp'],
  ])('refuses %s, naming the line', (_name, srt, line, words) => {
    expect(() => parseSrt(srt)).toThrow(TranscriptError)
    expect(() => parseSrt(srt)).toThrow(new RegExp(`^line ${line}: .*${words}`))
  })
})

const SRT_PIECES = [
  '1',
  '42',
  '\n',
  '\r\n',
  '\r',
  '\n\n',
  ' ',
  '-->',
  '00:00:01,000',
  '0: 0:26, 26',
  '99:99:99.9999',
  '9999999999999999999999',
  ',',
  '.',
  ':',
  '<i>',
  '</font>',
  '{\\an8}',
  '{',
  '<',
  'Name:',
  'JOHN: ',
  '&amp;',
  '&#xD800;',
  'text',
  '\uFEFF',
  'ü',
]

const srtLike = fc.array(fc.constantFrom(...SRT_PIECES), { maxLength: 60 }).map((pieces) => pieces.join(''))

describe('parseSrt on random input', () => {
  it('reads hostile lines in linear time (a quadratic regex would take minutes here)', () => {
    const started = performance.now()
    expect(() => parseSrt(`1\n00:00:01,000 -->${' '.repeat(300_000)}0\nx`)).toThrow(TranscriptError)
    for (const text of ['<a'.repeat(150_000), '{\\'.repeat(150_000)])
      expect(parseSrt(`1\n00:00:01,000 --> 00:00:02,000\n${text}`).segments).toHaveLength(1)
    expect(performance.now() - started).toBeLessThan(3000)
  })

  it('returns segments or throws a TranscriptError, nothing else', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), srtLike), (text) => {
        try {
          for (const segment of parseSrt(text).segments) {
            expect(Number.isFinite(segment.start) && Number.isFinite(segment.end)).toBe(true)
            expect(segment.text).not.toBe('')
          }
        } catch (error) {
          if (!(error instanceof TranscriptError)) throw error
        }
      }),
      { numRuns: 3000 },
    )
  })
})
