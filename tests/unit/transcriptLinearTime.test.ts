import { describe, expect, it } from 'vitest'
import { UserError } from '../../src/core/errors'
import { parseTranscript } from '../../src/core/transcript/parseTranscript'

const MB = 1 << 20

/** A megabyte of `unit` over and over, the kind of file that made format detection quadratic. */
const megabyteOf = (unit: string): string => unit.repeat(Math.ceil(MB / unit.length)).slice(0, MB)

const HOSTILE: Record<string, string> = {
  'blank lines': megabyteOf('\n'),
  'CRLF blank lines': megabyteOf('\r\n'),
  spaces: megabyteOf(' '),
  'lines of spaces': megabyteOf('  \n'),
  tabs: megabyteOf('\t'),
  'lines of tabs': megabyteOf('\t\n'),
  colons: megabyteOf(':'),
  'lines of colons': megabyteOf('::\n'),
  arrows: megabyteOf('-->'),
  'lines of arrows': megabyteOf('-->\n'),
  digits: megabyteOf('7'),
  'lines of digits': megabyteOf('12\n'),
  'digits and colons': megabyteOf('1:2:'),
  'stamps without arrows': megabyteOf('1:2:3 \n'),
  'stamps, blanks and arrows': megabyteOf('1 : 2 : 3\n \t\n-->'),
  'a WebVTT header and blank lines': `WEBVTT\n${megabyteOf('\n')}`,
  'a WebVTT cue of tag openers': `WEBVTT\n\n00:00.000 --> 00:01.000\n${megabyteOf('<v ')}`,
  'text of unclosed <time> tags': `Notes\n${megabyteOf('<time>0:0')}`,
  'text of <cite openers': `Notes\n${megabyteOf('<cite ')}`,
}

describe('reading hostile transcripts in linear time', () => {
  it.each(Object.entries(HOSTILE))('reads or refuses 1 MB of %s in under 2 s', (_name, text) => {
    const started = performance.now()
    try {
      parseTranscript(Buffer.from(text), 'hostile.txt', 60)
    } catch (error) {
      expect(error).toBeInstanceOf(UserError)
    }
    expect(performance.now() - started).toBeLessThan(2000)
  })
})
