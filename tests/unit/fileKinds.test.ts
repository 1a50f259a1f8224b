import { describe, expect, it } from 'vitest'
import { acceptFor, MAX_TRANSCRIPT_BYTES, refusalOf } from '../../src/shared/fileKinds'

describe('what a picked file may be', () => {
  it('takes the formats each kind is read in, in any letter case', () => {
    for (const name of ['a.vtt', 'b.SRT', 'c.json', 'd.txt'])
      expect(refusalOf('transcript', name, 1000)).toBeNull()
    for (const name of ['a.mp3', 'b.MP4', 'c.mkv', 'd.avi', 'e'])
      expect(refusalOf('media', name, 5e9)).toBeNull()
    expect(refusalOf('episode', 'x.episode.json', 1000)).toBeNull()
  })

  it('refuses a file that is plainly another kind, saying what it looks like and what to choose', () => {
    expect(refusalOf('transcript', 'talk.mp4', 157e6)).toBe(
      'talk.mp4 is not a transcript (it looks like the episode’s audio or video): choose a .vtt, .srt, .json, .txt, .html, .htm file',
    )
    expect(refusalOf('media', 'talk.srt', 1000)).toMatch(
      /^talk\.srt is not the episode’s audio or video \(it looks like a transcript\)/,
    )
    expect(refusalOf('transcript', 'notes.docx', 1000)).toMatch(/^notes\.docx is not a transcript: choose/)
    expect(refusalOf('episode', 'talk.vtt', 1000)).toMatch(
      /is not episode JSON \(it looks like a transcript\)/,
    )
  })

  it('refuses a transcript too large to be one, naming its size', () => {
    expect(refusalOf('transcript', 'huge.json', MAX_TRANSCRIPT_BYTES)).toBeNull()
    expect(refusalOf('transcript', 'huge.json', 157 * 1024 * 1024)).toBe(
      'huge.json is 157 MB; a transcript over 50 MB is refused',
    )
  })

  it('offers the same formats in the page’s file inputs', () => {
    expect(acceptFor('transcript')).toBe('.vtt,.srt,.json,.txt,.html,.htm')
    expect(acceptFor('media').split(',')).toEqual(
      expect.arrayContaining(['audio/*', 'video/*', '.mkv', '.mp3']),
    )
  })
})
