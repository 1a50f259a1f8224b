import { estimatedWordTimes } from './estimatedWordTimes'
import type { SaidWords } from './quotedWords'
import { quotedPassages, type SpokenWord } from './quotedWords'
import { alignWords, tokensOf, type TimedWord } from './transcriptTokens'

/** How far around a highlight its description's quotes may have been said, in seconds. */
export const HIGHLIGHT_QUOTE_REACH = 120

/**
 * The transcript's words with their times: each word's own where the transcript has them, else where
 * the editor's quote estimate places it (spread over its cue by length).
 */
export function spokenWords(
  segments: readonly { start: number; end: number; text: string; words: readonly TimedWord[] }[],
): SpokenWord[] {
  const spoken: SpokenWord[] = []
  for (const s of segments) {
    const tokens = tokensOf(s.text)
    const timed = s.words.length > 0 ? alignWords(tokens, s.words) : []
    const estimated =
      timed.every((w) => w !== null) && timed.length === tokens.length ? [] : estimatedWordTimes(s)
    tokens.forEach((text, k) => {
      const at = timed[k] ?? estimated[k]
      if (at) spoken.push({ text, start: at.start, end: at.end })
    })
  }
  return spoken
}

/** A text whose quotation marks hold words not said where it speaks of, or that cannot be checked. */
export interface QuoteFinding {
  /** Where in episode JSON the text is. */
  path: (string | number)[]
  kind: 'unsaid' | 'unchecked'
  /** The passages not said (all of the text's, when unchecked). */
  quotes: string[]
  /** What the text is, for the editor: "the why of", "the reasoning of … on …". */
  field: 'why' | 'reasoning' | 'description' | 'summary'
  dimension: string | null
  target: { kind: 'chapter' | 'highlight'; id: string } | null
  time: number
}

/** What the check reads: the texts that may quote, in the document's order, and where each speaks of. */
export interface QuotingTexts {
  summary: string
  dimensions: readonly { key: string }[]
  chapters: readonly {
    id: string
    start: number
    end: number
    why: string
    scores: Record<string, { reasoning: string } | undefined>
  }[]
  highlights: readonly { id: string; time: number; description: string }[]
}

const mayQuote = (text: string): boolean => text.includes('"') || text.includes('“')

/**
 * Every text whose quoted passages were not said where it speaks of: a chapter's why and scores in the
 * chapter, a highlight's description within two minutes of it, the summary anywhere. Without a
 * transcript (`saidWords` gives null) each text that quotes is `unchecked`. The words are indexed only
 * when some text quotes: most analyses never pay for it.
 */
export function quoteFindings(texts: QuotingTexts, saidWords: () => SaidWords | null): QuoteFinding[] {
  const findings: QuoteFinding[] = []
  let indexed: { said: SaidWords | null } | null = null
  const check = (
    text: string,
    from: number | null,
    to: number | null,
    finding: Omit<QuoteFinding, 'kind' | 'quotes'>,
  ): void => {
    if (!mayQuote(text)) return
    const passages = quotedPassages(text)
    if (passages.length === 0) return
    indexed ??= { said: saidWords() }
    const { said } = indexed
    if (said === null || said.size === 0) {
      findings.push({ ...finding, kind: 'unchecked', quotes: passages.map((p) => p.text) })
      return
    }
    const unsaid = passages.filter((p) => !said.says(p, from, to)).map((p) => p.text)
    if (unsaid.length > 0) findings.push({ ...finding, kind: 'unsaid', quotes: unsaid })
  }
  check(texts.summary, null, null, {
    path: ['episode', 'summary'],
    field: 'summary',
    dimension: null,
    target: null,
    time: 0,
  })
  texts.chapters.forEach((c, i) => {
    const target = { kind: 'chapter' as const, id: c.id }
    check(c.why, c.start, c.end, {
      path: ['chapters', i, 'why'],
      field: 'why',
      dimension: null,
      target,
      time: c.start,
    })
    for (const d of texts.dimensions) {
      const reasoning = c.scores[d.key]?.reasoning ?? ''
      check(reasoning, c.start, c.end, {
        path: ['chapters', i, 'scores', d.key, 'reasoning'],
        field: 'reasoning',
        dimension: d.key,
        target,
        time: c.start,
      })
    }
  })
  texts.highlights.forEach((h, i) =>
    check(h.description, h.time - HIGHLIGHT_QUOTE_REACH, h.time + HIGHLIGHT_QUOTE_REACH, {
      path: ['highlights', i, 'description'],
      field: 'description',
      dimension: null,
      target: { kind: 'highlight', id: h.id },
      time: h.time,
    }),
  )
  return findings
}
