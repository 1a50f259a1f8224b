import { describe, expect, it } from 'vitest'
import { parseTranscript } from '../../src/core/transcript/parseTranscript'

const read = (html: string, duration?: number) => parseTranscript(html, 'talk.html', duration)

describe('the Podcasting 2.0 HTML transcript', () => {
  it('makes each <time> a turn of the <cite> speaker before it, ending where the next begins', () => {
    const parsed = read(
      [
        '<!DOCTYPE html><html><body>',
        '<cite>Kevin:</cite>',
        '<time>0:00</time>',
        '<p>We have an <b>update</b> planned &amp; ready.</p>',
        '<p>It ships soon.</p>',
        '<time>1:02:03</time>',
        '<p>Still Kevin, an hour later.</p>',
        '<cite>Alban :</cite>',
        '<time>1:02:10.5</time>',
        '<p>Three words here.</p>',
        '</body></html>',
      ].join('\n'),
      3740,
    )
    expect(parsed.format).toBe('html')
    expect(parsed.segments.map((s) => [s.speaker, s.start, s.end, s.text])).toEqual([
      ['Kevin', 0, 3723, 'We have an update planned & ready. It ships soon.'],
      ['Kevin', 3723, 3730.5, 'Still Kevin, an hour later.'],
      // The last turn lasts as long as its words take to say, within the media.
      ['Alban', 3730.5, 3731.7, 'Three words here.'],
    ])
  })

  it('refuses a stamp that is not a time, and a paragraph before any stamp, naming the line', () => {
    expect(() => read('<cite>Kevin:</cite>\n<time>soon</time>\n<p>Hi.</p>')).toThrow(
      'talk.html: line 2: <time>soon</time> is not a time (m:ss or h:mm:ss)',
    )
    expect(() => read('<p>Intro.</p>\n<time>0:05</time>\n<p>Hi.</p>')).toThrow(
      'talk.html: line 1: a paragraph before any <time> stamp',
    )
  })

  it.each([
    ['a comment', '<!-- exported by Transcriber 2 -->\n'],
    ['an XML declaration', '<?xml version="1.0" encoding="UTF-8"?>\n'],
    ['a <section>', '<section>\n'],
    ['a <span>', '<span class="show">Episode 12</span>\n'],
    ['a line of text', 'Transcript of episode 12\n'],
  ])('is read, not taken as plain text, when it opens with %s', (_opening, opening) => {
    const parsed = read(`${opening}<cite>Kevin:</cite>\n<time>0:05</time>\n<p>Hi there.</p>\n`, 60)
    expect(parsed.format).toBe('html')
    expect(parsed.segments.map((s) => [s.speaker, s.start, s.text])).toEqual([['Kevin', 5, 'Hi there.']])
  })

  it('refuses a page opening with a heading that holds no transcript, never importing its markup', () => {
    expect(() => read('<h1>Show notes</h1>\n<p>Links.</p>')).toThrow(
      'talk.html: line 1: HTML without a Podcasting 2.0 transcript in it',
    )
  })

  it('leaves an SRT cue naming a title in <cite> to the SRT reader', () => {
    const parsed = read('1\n00:00:01,000 --> 00:00:03,000\nAnn: I reread <cite>Hamlet</cite>.\n', 60)
    expect(parsed.format).toBe('srt')
    expect(parsed.segments.map((s) => [s.speaker, s.text])).toEqual([['Ann', 'I reread Hamlet.']])
  })

  it('leaves plain text that opens with a word in angle brackets to the plain-text reader', () => {
    const parsed = read('<laughs> Welcome back to the show.\nAnn: Thanks for having me.\n', 60)
    expect(parsed.format).toBe('plain')
    expect(parsed.segments.map((s) => [s.speaker, s.text])).toEqual([
      [null, '<laughs> Welcome back to the show.'],
      ['Ann', 'Thanks for having me.'],
    ])
  })
})
