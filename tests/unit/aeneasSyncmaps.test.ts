import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { ParsedSegment } from '../../src/core/transcript/parsedTranscript'
import { parseSrt } from '../../src/core/transcript/parseSrt'
import { parseWebVtt } from '../../src/core/transcript/parseWebVtt'
import { fixture } from '../fixtureFiles'

/**
 * aeneas writes one sync map in ~30 formats. Of those we read only WebVTT and SRT; the others
 * (.txt, .sbv, .ttml, .smil, .csv, .eaf, .textgrid, …) are not transcript formats Episcore supports.
 * Variants: `_m` has two lines per fragment, `_u` curly apostrophes (and its own alignment), `_mu` both.
 */
const VARIANTS = ['sonnet001', 'sonnet001_m', 'sonnet001_u', 'sonnet001_mu']

const syncmap = (name: string): string => fixture('aeneas', 'syncmaps', name)
const read = (name: string): string => fs.readFileSync(syncmap(name), 'utf8')

interface AeneasJson {
  fragments: { begin: string; end: string; lines: string[] }[]
}

/** The ground truth: aeneas's JSON fragments, lines of a fragment read as one line of text. */
function groundTruth(variant: string): Pick<ParsedSegment, 'start' | 'end' | 'text'>[] {
  const json = JSON.parse(read(`${variant}.json`)) as AeneasJson
  return json.fragments.map((f) => ({ start: Number(f.begin), end: Number(f.end), text: f.lines.join(' ') }))
}

const view = (segments: ParsedSegment[]) => segments.map(({ start, end, text }) => ({ start, end, text }))

describe('aeneas sync maps', () => {
  for (const variant of VARIANTS) {
    describe(variant, () => {
      it('the .vtt gives the fragments of the .json', () => {
        const parsed = parseWebVtt(read(`${variant}.vtt`))
        expect(parsed.segments).toHaveLength(15)
        expect(view(parsed.segments)).toEqual(groundTruth(variant))
      })

      it('the .srt gives the fragments of the .json', () => {
        const parsed = parseSrt(read(`${variant}.srt`))
        expect(parsed.segments).toHaveLength(15)
        expect(view(parsed.segments)).toEqual(groundTruth(variant))
      })

      it('the .vtt and .srt agree, with no speaker and no word times', () => {
        const vtt = parseWebVtt(read(`${variant}.vtt`)).segments
        expect(parseSrt(read(`${variant}.srt`)).segments).toEqual(vtt)
        expect(vtt.every((s) => s.speaker === null && s.words.length === 0)).toBe(true)
      })
    })
  }

  it('the two-line variant reads as the one-line sync map', () => {
    expect(view(parseSrt(read('sonnet001_m.srt')).segments)).toEqual(groundTruth('sonnet001'))
    expect(view(parseWebVtt(read('sonnet001_mu.vtt')).segments)).toEqual(groundTruth('sonnet001_u'))
  })

  it('the sync map spans the 53.24 s reading and keeps the poem text', () => {
    const segments = parseWebVtt(read('sonnet001.vtt')).segments
    expect(segments[0]).toMatchObject({ start: 0, end: 2.68, text: '1' })
    expect(segments.at(-1)).toMatchObject({
      end: 53.24,
      text: "To eat the world's due, by the grave and thee.",
    })
    expect(segments.find((s) => s.text.startsWith('His tender'))?.text).toBe(
      'His tender heir might bear his memory:',
    )
  })
})
