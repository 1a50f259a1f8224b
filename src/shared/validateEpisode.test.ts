import { describe, expect, it } from 'vitest'
import { machineEpisode, withDerivedFields } from '../../tests/machineEpisode'
import { ITEM_LIMITS } from './episodeLimits'
import { validateEpisodeDocument } from './validateEpisode'

/** The machine episode with `count` timed words in its first segment, as JSON text reads them. */
function withWords(count: number): Record<string, unknown> {
  const doc = withDerivedFields(machineEpisode())
  const first = doc.transcript?.segments[0]
  if (!first) throw new Error('the machine episode has a transcript')
  first.words = Array.from({ length: count }, (_, k) => ({
    start: first.start,
    end: first.start,
    text: `w${k}`,
  }))
  return JSON.parse(JSON.stringify(doc)) as Record<string, unknown>
}

const segmentWords = (json: Record<string, unknown>): Record<string, unknown>[] =>
  (json.transcript as { segments: { words: Record<string, unknown>[] }[] }).segments[0]?.words ?? []

describe('checking a document’s transcript words', () => {
  it('takes plainly valid words as they are, and leaves the input unchanged', () => {
    const json = withWords(50)
    const before = JSON.stringify(json)
    const check = validateEpisodeDocument(json)
    if (!check.ok) throw new Error(check.problems.join('\n'))
    expect(check.document.transcript?.segments[0]?.words).toEqual(segmentWords(json))
    expect(JSON.stringify(json)).toBe(before)
  })

  it('names a bad word at its place among good ones, as the schema words it', () => {
    for (const [bad, problem] of [
      [{ start: -1, end: 0, text: 'a' }, '/transcript/segments/0/words/7/start: a time is never negative'],
      [
        { start: 0.0001, end: 0, text: 'a' },
        '/transcript/segments/0/words/7/start: a time has at most 3 decimals',
      ],
      [{ start: 0, end: 0, text: 'a', loud: true }, '/transcript/segments/0/words/7'],
      [{ start: 0, end: 0, text: 'x'.repeat(1001) }, '/transcript/segments/0/words/7/text'],
      [{ start: 0, end: 0 }, '/transcript/segments/0/words/7/text'],
    ] as const) {
      const json = withWords(20)
      const words = segmentWords(json)
      words[7] = bad as unknown as Record<string, unknown>
      const check = validateEpisodeDocument(json)
      expect(check.ok).toBe(false)
      if (!check.ok) expect(check.problems.join('\n')).toContain(problem)
    }
  })

  it('takes words whose keys come in another order through the schema, the same words', () => {
    const json = withWords(3)
    const words = segmentWords(json)
    segmentWords(json).splice(0, 3, ...words.map((w) => ({ text: w.text, end: w.end, start: w.start })))
    const check = validateEpisodeDocument(json)
    if (!check.ok) throw new Error(check.problems.join('\n'))
    expect(check.document.transcript?.segments[0]?.words.map((w) => w.text)).toEqual(['w0', 'w1', 'w2'])
  })

  it('still refuses a transcript past the words’ cap', () => {
    const check = validateEpisodeDocument(withWords(ITEM_LIMITS.words + 1))
    expect(check.ok).toBe(false)
    if (!check.ok) expect(check.problems.join('\n')).toMatch(/transcript words/)
  })
})
