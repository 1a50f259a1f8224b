import { describe, expect, it } from 'vitest'
import { quoteFindings, spokenWords, type QuotingTexts } from '../../src/shared/quoteFindings'
import { checkedWords, quotedPassages, SaidWords } from '../../src/shared/quotedWords'

/** Two cues with word times, one caption without, as a transcript holds them. */
const SEGMENTS = [
  {
    start: 10,
    end: 14,
    text: 'Multi-agent systems, honestly, mostly do not',
    words: [
      { start: 10, end: 10.8, text: 'Multi-agent' },
      { start: 10.8, end: 11.4, text: 'systems,' },
      { start: 11.5, end: 12, text: 'honestly,' },
      { start: 12.1, end: 12.6, text: 'mostly' },
      { start: 12.7, end: 13.1, text: 'do' },
      { start: 13.2, end: 13.9, text: 'not' },
    ],
  },
  {
    start: 14,
    end: 16,
    text: "work today. It's",
    words: [
      { start: 14, end: 14.5, text: 'work' },
      { start: 14.6, end: 15.2, text: 'today.' },
      { start: 15.3, end: 15.9, text: "It's" },
    ],
  },
  // A caption without word times: its words are placed by length over the cue.
  { start: 100, end: 104, text: 'Rewards are not the bottleneck at all.', words: [] },
  { start: 200, end: 203, text: 'その考えはとても面白い', words: [] },
]

const said = new SaidWords(spokenWords(SEGMENTS))
const passage = (text: string): ReturnType<typeof quotedPassages>[number] => {
  const [found] = quotedPassages(`“${text}”`)
  if (!found) throw new Error(`no passage in ${text}`)
  return found
}

describe('words as the quote check compares them', () => {
  it('folds case, width and apostrophes, splits on other punctuation, and makes each CJK character a word', () => {
    expect(checkedWords('Don’t  STOP—multi-agent, ＲＬ!')).toEqual(['dont', 'stop', 'multi', 'agent', 'rl'])
    expect(checkedWords('その考え')).toEqual(['そ', 'の', '考', 'え'])
  })

  it('pairs quotation marks left to right, ignores an unpaired one, and keeps passages of four words or more', () => {
    const text = 'He said "a b c d", then “e f g h” and “two words” and an unpaired " mark here'
    expect(quotedPassages(text).map((p) => p.text)).toEqual(['a b c d', 'e f g h'])
    expect(quotedPassages('“first … second part here”')[0]?.parts).toEqual([
      ['first'],
      ['second', 'part', 'here'],
    ])
    expect(quotedPassages('no quotes at all')).toEqual([])
  })
})

describe('a quoted passage is found only where it was said', () => {
  it('across punctuation, case, line breaks and cue boundaries', () => {
    expect(said.says(passage('mostly do not\nwork TODAY'))).toBe(true)
    expect(said.says(passage('multi agent systems honestly'))).toBe(true)
    expect(said.says(passage('mostly do not work tomorrow'))).toBe(false)
  })

  it('with an ellipsis standing for words left out, the parts in order', () => {
    expect(said.says(passage('Multi-agent systems … do not work today'))).toBe(true)
    expect(said.says(passage('do not work … multi-agent systems'))).toBe(false)
  })

  it('within the time range given: words said in another chapter are not evidence', () => {
    expect(said.says(passage('mostly do not work'), 10, 20)).toBe(true)
    expect(said.says(passage('mostly do not work'), 14, 20)).toBe(false)
    // Captions without word times: the estimate places each word.
    expect(said.says(passage('rewards are not the bottleneck'), 90, 110)).toBe(true)
    expect(said.says(passage('rewards are not the bottleneck'), 0, 60)).toBe(false)
    expect(said.says(passage('考えはとても'), 190, 210)).toBe(true)
    expect(said.says(passage('考えはとても'), 0, 190)).toBe(false)
  })
})

const texts = (changes: Partial<QuotingTexts> = {}): QuotingTexts => ({
  summary: '',
  dimensions: [{ key: 'guestTeaching' }],
  chapters: [
    { id: 'c1', start: 0, end: 60, why: '', scores: { guestTeaching: { reasoning: '' } } },
    { id: 'c2', start: 60, end: 240, why: '', scores: { guestTeaching: { reasoning: '' } } },
  ],
  highlights: [],
  ...changes,
})

describe('the texts that quote', () => {
  it('name the path of the text and the words not said in its chapter, around its highlight, or anywhere', () => {
    const findings = quoteFindings(
      texts({
        summary: 'Brown says “rewards are not the bottleneck” and “agents are a solved problem”.',
        chapters: [
          {
            id: 'c1',
            start: 0,
            end: 60,
            why: 'He says "mostly do not work today".',
            scores: { guestTeaching: { reasoning: 'He claims “rewards are not the bottleneck”.' } },
          },
          { id: 'c2', start: 60, end: 240, why: '“rewards are not the bottleneck”', scores: {} },
        ],
        highlights: [{ id: 'h1', time: 400, description: 'He says “rewards are not the bottleneck”.' }],
      }),
      () => said,
    )
    expect(findings.map((f) => [f.path.join('/'), f.kind, f.quotes])).toEqual([
      ['episode/summary', 'unsaid', ['agents are a solved problem']],
      // Said, but in the next chapter.
      ['chapters/0/scores/guestTeaching/reasoning', 'unsaid', ['rewards are not the bottleneck']],
      // 400 s is more than two minutes after 100-104 s.
      ['highlights/0/description', 'unsaid', ['rewards are not the bottleneck']],
    ])
  })

  it('cannot be checked without a transcript', () => {
    const findings = quoteFindings(texts({ summary: '“a quote of five words”' }), () => null)
    expect(findings).toEqual([
      expect.objectContaining({ kind: 'unchecked', quotes: ['a quote of five words'] }),
    ])
  })
})

describe('the matcher stays linear', () => {
  const timeOf = (run: () => void): number => {
    const start = performance.now()
    run()
    return performance.now() - start
  }

  it('on long texts and on ten thousand quotation marks', () => {
    const sentence = 'and he said “mostly do not work today” which is true '
    const costs = [20_000, 80_000, 320_000].map((size) => {
      const text = sentence.repeat(Math.ceil(size / sentence.length)).slice(0, size)
      return timeOf(() => quoteFindings(texts({ summary: text }), () => said)) / size
    })
    // Cost per character does not grow with the text (a quadratic matcher's would grow 16x).
    expect(costs[2] ?? Infinity).toBeLessThan((costs[0] ?? 0) * 4 + 0.001)
    const marks = '“'.repeat(10_000)
    // Four times the marks in under eight times the time (a quadratic matcher's: sixteen).
    const quarter = Math.min(...[1, 2, 3].map(() => timeOf(() => quotedPassages(marks.slice(0, 2_500)))))
    const whole = Math.min(...[1, 2, 3].map(() => timeOf(() => quotedPassages(marks))))
    expect(whole).toBeLessThan(8 * quarter + 5)
    expect(quotedPassages(marks)).toEqual([])
  })
})
