import { UserError } from '../errors'

/** Longest query searched: a sentence or two, never a pasted page. */
export const MAX_QUERY_CHARACTERS = 1000

/** What FTS5's unicode61 tokenizer keeps as part of a word: letters, numbers and their marks. */
const WORD_CHARACTER = /[\p{L}\p{N}\p{M}]/u

/**
 * Scripts written without spaces between words: found by substring, through the trigram index, which
 * holds only the items with such text (migration 025's UNSPACED_GLOB, a superset of these characters).
 */
export const UNSPACED =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u

/** Words too common to say what is looked for; a query of only these would match nearly everything. */
const STOP_WORDS = new Set(
  `a an and are as at be but by for from has have he her his i if in is it its me my no not of on or our
  she so that the their them there they this to was we were what when where which who will with you your`.split(
    /\s+/,
  ),
)

const OPERATORS = new Set(['AND', 'OR', 'NOT'])

interface Operand {
  text: string
  prefix: boolean
}

type Part = { operator: string } | { operand: Operand }

/** How a query is run: an FTS5 expression over the word or trigram index, and substrings too short for trigrams. */
export interface PlannedSearch {
  index: 'words' | 'trigrams'
  /** Null when every term is too short for the trigram index. */
  match: string | null
  /** Substrings every hit contains (LIKE patterns' text, not yet escaped). */
  substrings: string[]
  /** Each term as typed, for marking substring hits. */
  terms: string[]
  /**
   * For a trigram search, what the items without text of a script written without spaces (which the
   * trigram index does not hold) must match in the words index for the query to hold: the OR'd parts of
   * the query that can be true without such text. Null when none can (the query needs such text).
   */
  spacedMatch: string | null
  /** The words index's prefixes of one word each (`bench*`, as typed): what expandedMatch may expand. */
  prefixes: string[]
}

const refuse = (message: string): never => {
  throw new UserError('invalid-request', message)
}

const quoted = (text: string): string => `"${text.replace(/"/g, '""')}"`

function parts(query: string): Part[] {
  const found: Part[] = []
  let i = 0
  while (i < query.length) {
    const c = query[i] ?? ''
    if (/\s/u.test(c)) {
      i += 1
      continue
    }
    if (c === '"') {
      const close = query.indexOf('"', i + 1)
      if (close < 0) refuse('a quote is not closed: add the closing " after the phrase, or remove the quote')
      const prefix = query[close + 1] === '*'
      found.push({ operand: { text: query.slice(i + 1, close), prefix } })
      i = close + (prefix ? 2 : 1)
      continue
    }
    let end = i
    while (end < query.length && !/[\s"]/u.test(query[end] ?? '')) end += 1
    const word = query.slice(i, end)
    i = end
    if (/^NEAR\(/.test(word) || (word === 'NEAR' && query.slice(end).trimStart().startsWith('(')))
      refuse('NEAR( … ) is not supported: search for the words, or for a "phrase" in quotes')
    if (OPERATORS.has(word)) {
      found.push({ operator: word })
      continue
    }
    const prefix = word.endsWith('*')
    const text = word.replace(/\*+$/, '')
    if (prefix && !WORD_CHARACTER.test(text))
      refuse('a * finds words that begin with what comes before it (clima*): put a word before it')
    found.push({ operand: { text, prefix } })
  }
  return found
}

/**
 * The search a query asks for, or a refusal saying what to change: the query is never handed to FTS5 as
 * typed, so SQLite's syntax errors cannot reach the editor. Words may be quoted as phrases, end in `*`
 * for a prefix, and be joined by AND, OR and NOT.
 */
export function planSearch(query: string): PlannedSearch {
  if (query.length > MAX_QUERY_CHARACTERS)
    refuse(
      `a search is at most ${MAX_QUERY_CHARACTERS.toLocaleString('en')} characters (this one has ${query.length.toLocaleString('en')}): search for a few words of it`,
    )
  const kept = keptParts(query)
  const operands = kept.flatMap((p) => ('operand' in p ? [p.operand] : []))
  if (operands.length === 0 && kept.length === 0)
    refuse('there is no word to search for: type a word, not only punctuation')
  kept.forEach((p, k) => {
    if (!('operator' in p)) return
    const before = kept[k - 1]
    const after = kept[k + 1]
    if (!before || !after || 'operator' in before || 'operator' in after)
      refuse(
        `${p.operator} joins two words (climate ${p.operator} policy): put a word on each side, or write it in lowercase to search for the word itself`,
      )
  })
  const words = operands.flatMap((o) =>
    o.text
      .toLowerCase()
      .split(/[^\p{L}\p{N}\p{M}]+/u)
      .filter(Boolean),
  )
  if (words.every((w) => STOP_WORDS.has(w)))
    refuse(
      `${[...new Set(words)].join(', ')}: too common to search for alone; add a word that says what you are looking for`,
    )
  const terms = operands.map((o) => o.text)
  if (!operands.some((o) => UNSPACED.test(o.text))) {
    const match = kept
      .map((p) => ('operator' in p ? p.operator : quoted(p.operand.text) + (p.operand.prefix ? '*' : '')))
      .join(' ')
    const prefixes = operands.filter((o) => o.prefix && ONE_WORD.test(o.text)).map((o) => o.text)
    return { index: 'words', match, substrings: [], terms, spacedMatch: null, prefixes }
  }
  // A trigram index finds substrings of three characters or more; shorter ones are looked for as they are.
  const short = operands.filter((o) => [...o.text].length < 3)
  if (short.length > 0 && kept.some((p) => 'operator' in p && p.operator !== 'AND'))
    refuse(
      `OR and NOT need words of three characters or more in Chinese or Japanese text (${short.map((o) => o.text).join(', ')} is shorter): search for the words alone`,
    )
  const long = kept.filter((p) => 'operator' in p || [...p.operand.text].length >= 3)
  const match =
    short.length === 0
      ? long.map((p) => ('operator' in p ? p.operator : quoted(p.operand.text))).join(' ')
      : long.flatMap((p) => ('operand' in p ? [quoted(p.operand.text)] : [])).join(' ') || null
  return {
    index: 'trigrams',
    match,
    substrings: short.map((o) => o.text),
    terms,
    spacedMatch: short.length > 0 ? null : withoutUnspaced(kept),
    prefixes: [],
  }
}

/** An operand that is one word, as the words index reads it: letters, numbers and marks only. */
const ONE_WORD = /^[\p{L}\p{N}\p{M}]+$/u

/** The query's parts, punctuation alone left out (it says nothing to search for). */
function keptParts(query: string): Part[] {
  // A NUL separates words in the indexed text (unicode61 keeps only letters, numbers and marks), but
  // FTS5's query parser takes it for the end of the query: it is read as the space it stands for.
  const spaced = query.replace(/\0/g, ' ')
  return parts(spaced).filter((p) => !('operand' in p) || WORD_CHARACTER.test(p.operand.text))
}

/**
 * A words-index query's match with each prefix of `terms` (keyed as planSearch's `prefixes`) written
 * as its terms OR'd: FTS5 then walks each term's rows in step, where for the prefix itself it first
 * gathers every matching term's rows into one list (40-75 ms for a term in 1.7 million rows). The
 * same rows match: the terms are those the index holds beginning with the prefix's own term. Words
 * side by side are joined by an AND written out, which FTS5 needs before a parenthesis.
 */
export function expandedMatch(query: string, terms: ReadonlyMap<string, readonly string[]>): string {
  const kept = keptParts(query)
  return kept
    .flatMap((p, k) => {
      const before = kept[k - 1]
      const and = 'operand' in p && before && 'operand' in before ? ['AND'] : []
      if ('operator' in p) return [p.operator]
      const expanded = p.operand.prefix ? terms.get(p.operand.text) : undefined
      return [
        ...and,
        expanded && expanded.length > 0
          ? `(${expanded.map(quoted).join(' OR ')})`
          : quoted(p.operand.text) + (p.operand.prefix ? '*' : ''),
      ]
    })
    .join(' ')
}

/**
 * The query as it reads for an item without text of a script written without spaces, for the words
 * index: each operand of such a script is false there. FTS5 binds NOT tighter than AND and AND tighter
 * than OR, so the query is an OR of parts, each of operands that must all be there bar those just after
 * a NOT, which must not: a part needing a false operand drops out, a false operand after a NOT drops
 * out of its part. Null when no part is left.
 */
function withoutUnspaced(kept: Part[]): string | null {
  const branches: Part[][] = [[]]
  for (const p of kept) {
    if ('operator' in p && p.operator === 'OR') branches.push([])
    else branches.at(-1)?.push(p)
  }
  const left = branches.flatMap((branch) => {
    const terms: string[] = []
    let negated = false
    for (const p of branch) {
      if ('operator' in p) {
        negated = p.operator === 'NOT'
        continue
      }
      const unspaced = UNSPACED.test(p.operand.text)
      if (unspaced && !negated) return []
      if (!unspaced)
        terms.push(
          `${negated ? 'NOT ' : terms.length > 0 ? 'AND ' : ''}${quoted(p.operand.text)}${p.operand.prefix ? '*' : ''}`,
        )
      negated = false
    }
    return terms.length > 0 ? [terms.join(' ')] : []
  })
  return left.length > 0 ? left.join(' OR ') : null
}
