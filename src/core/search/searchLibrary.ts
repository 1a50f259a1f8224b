import {
  MANY_MATCHES,
  type ClosestWords,
  type SearchHit,
  type SearchKind,
  type SnippetPart,
} from '../../shared/contract'
import type { Db } from '../db/openDatabase'
import { unspacedItem } from '../db/migrations/025_lean_search_and_word_times'
import { closestWords } from './closestWords'
import { expandedMatch, planSearch, type PlannedSearch } from './searchQuery'
import { termsBeginning, termsOf } from './searchTerms'

export const DEFAULT_SEARCH_LIMIT = 20
export const MAX_SEARCH_LIMIT = 1000

// Marks FTS5's snippet() puts around a match. Episode text may hold these characters too, so the
// marked snippet is read against the same snippet unmarked (see markedParts).
const OPEN = '\u0001'
const CLOSE = '\u0002'
const SNIPPET_TOKENS = 16
const SUBSTRING_CONTEXT = 40

/**
 * A hit's time, read from its item: a chapter's title, why and reasoning are at the chapter's start, an
 * episode's title and summary at its beginning.
 */
const SECONDS = `CASE s.kind
  WHEN 'transcript' THEN (SELECT start FROM transcript_segments WHERE episode_id = s.episode_id AND id = s.item_id)
  WHEN 'statement' THEN (SELECT start FROM statements WHERE episode_id = s.episode_id AND id = s.item_id)
  WHEN 'highlight' THEN (SELECT time FROM highlights WHERE episode_id = s.episode_id AND id = s.item_id)
  WHEN 'episode' THEN 0
  ELSE (SELECT start FROM chapters WHERE episode_id = s.episode_id AND id = s.item_id) END`

/**
 * Which episodes' items are hits: the one place that says so, whichever index answers. Trashed episodes
 * never are (their text stays indexed, so a restore finds them again at once).
 */
const HIT_EPISODES = `e.id = s.episode_id AND e.trashed_at IS NULL AND (@show IS NULL OR e.show = @show COLLATE NOCASE)`

const wordsSnippet = (open: string, close: string): string =>
  `snippet(search_words, -1, ${open}, ${close}, '…', ${SNIPPET_TOKENS})`

/**
 * A function of the connection that answers true for the next `wholeRows` rows it is asked about, then
 * false: a walk over a thousand matches makes snippets and times for the first `limit` only, in one pass
 * of FTS5's cursor (a second pass expanded a prefix's terms again: 80 ms at 10,000 episodes). SQLite
 * asks in the walk's order, FTS5 giving the rows in rowid order itself, without a sort.
 */
const WHOLE_ROWS = 'episcore_whole_rows'
let wholeRows = 0
const withWholeRows = new WeakSet<Db>()
function wholeRowsFor(db: Db, count: number): void {
  if (!withWholeRows.has(db)) {
    db.function(WHOLE_ROWS, { deterministic: false }, () => (wholeRows-- > 0 ? 1 : 0))
    withWholeRows.add(db)
  }
  wholeRows = count
}

const likeText = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

interface Row {
  episodeId: string
  episodeTitle: string
  kind: SearchKind
  itemId: string
  seconds: number | null
  snippet: string | null
  /** The same snippet without marks: what the marked one adds to it are the marks. */
  plain: string | null
  title: string
  body: string
}

/** Items that have text of a script written without spaces: the ones the trigram index holds. */
const UNSPACED_ITEM = `(${unspacedItem('s')})`

/**
 * The query of one index: `words` or `trigrams` matching @match, or none (every term too short for
 * trigrams: search_text scanned for the substrings). `spacedOnly` keeps to the items the trigram index
 * does not hold, for the part of a trigram search that can hold without its script (see spacedMatch).
 * `walk` (the words index only) reads up to MANY_MATCHES + 1 matches newest first instead, by the
 * index's rowids, each hit whole only for the first ones (see wholeRows).
 */
function hitQuery(
  index: 'words' | 'trigrams' | null,
  substrings: number,
  { spacedOnly = false, walk = false } = {},
): string {
  const likes = Array.from(
    { length: substrings },
    (_, k) => `(s.title LIKE @like${k} ESCAPE '\\' OR s.body LIKE @like${k} ESCAPE '\\')`,
  )
  const fts = index === null ? null : index === 'words' ? 'search_words' : 'search_trigrams'
  const from = fts ? `${fts} JOIN search_text s ON s.id = ${fts}.rowid` : 'search_text s'
  const ranked = fts !== null && !walk
  // Titles weigh twice their text: a word in a statement's title says more than one in a long quote.
  // Ordered by FTS5's own rank, which FTS5 sorts itself: the snippets and times are then made for the
  // rows returned only, not for each of the thousands a common word matches in a large library.
  const where = [
    ...(fts ? [`${fts} MATCH @match`] : []),
    ...(ranked ? [`${fts}.rank MATCH 'bm25(2.0, 1.0)'`] : []),
    ...likes,
    ...(spacedOnly ? [`NOT ${UNSPACED_ITEM}`] : []),
  ]
  const order = fts ? (ranked ? `${fts}.rank` : `${fts}.rowid DESC`) : 's.episode_id, s.id'
  if (walk)
    return `SELECT s.episode_id AS episodeId,
        CASE WHEN ${WHOLE_ROWS}() THEN json_array(e.title, s.kind, s.item_id, ${SECONDS},
          ${wordsSnippet('char(1)', 'char(2)')}, ${wordsSnippet("''", "''")}, s.title, s.body) END AS whole
      FROM ${from} JOIN episodes e ON ${HIT_EPISODES}
      WHERE ${where.join(' AND ')} ORDER BY ${order} LIMIT ${MANY_MATCHES + 1}`
  const snippet = (open: string, close: string): string =>
    index === 'words' ? wordsSnippet(open, close) : 'NULL'
  return `SELECT s.episode_id AS episodeId, e.title AS episodeTitle, s.kind AS kind, s.item_id AS itemId,
      ${SECONDS} AS seconds, ${snippet('char(1)', 'char(2)')} AS snippet, ${snippet("''", "''")} AS plain,
      s.title AS title, s.body AS body
    FROM ${from} JOIN episodes e ON ${HIT_EPISODES}
    WHERE ${where.join(' AND ')}
    ORDER BY ${order}
    LIMIT @limit`
}

/**
 * FTS5's marked snippet as parts, read against the same snippet unmarked (`plain`): the marked one is the
 * plain one with a mark put in before each match and after it, so where the two differ is a mark. Where
 * the text itself holds a mark's character beside the mark, the two agree on a run of that character that
 * the marked one has one longer: FTS5 puts an opening mark just before a word and a closing one just
 * after it, and neither character is part of a word, so the opening mark is the run's last and the
 * closing mark its first.
 */
function markedParts(snippet: string, plain: string): SnippetPart[] {
  const parts: SnippetPart[] = []
  let text = ''
  let match = false
  const flush = (): void => {
    if (text) parts.push({ text, match })
    text = ''
  }
  let j = 0
  for (let i = 0; i < snippet.length;) {
    const c = snippet[i] as string
    if (c !== OPEN && c !== CLOSE) {
      text += c
      i++
      j++
      continue
    }
    let marked = 0
    while (snippet[i + marked] === c) marked++
    let held = 0
    while (plain[j + held] === c) held++
    const run = c.repeat(held)
    if (marked === held) text += run
    else if (c === OPEN) {
      text += run
      flush()
      match = true
    } else {
      flush()
      match = false
      text += run
    }
    i += marked
    j += held
  }
  flush()
  return parts
}

/** A substring hit's text around its first match, each term's occurrences marked. */
function substringParts(row: Row, terms: string[]): SnippetPart[] {
  const lowered = terms.map((t) => t.toLowerCase()).filter(Boolean)
  const text = [row.title, row.body].find((t) => lowered.some((l) => t.toLowerCase().includes(l))) ?? row.body
  const lower = text.toLowerCase()
  const first = Math.min(...lowered.map((l) => lower.indexOf(l)).filter((i) => i >= 0), text.length)
  const from = Math.max(0, first - SUBSTRING_CONTEXT)
  const to = Math.min(text.length, first + SUBSTRING_CONTEXT * 2)
  const window = text.slice(from, to)
  const parts: SnippetPart[] = from > 0 ? [{ text: '…', match: false }] : []
  let i = 0
  const windowLower = window.toLowerCase()
  while (i < window.length) {
    const at = lowered
      .map((l) => ({ l, at: windowLower.indexOf(l, i) }))
      .filter((m) => m.at >= 0)
      .sort((a, b) => a.at - b.at || b.l.length - a.l.length)[0]
    if (!at) break
    if (at.at > i) parts.push({ text: window.slice(i, at.at), match: false })
    parts.push({ text: window.slice(at.at, at.at + at.l.length), match: true })
    i = at.at + at.l.length
  }
  if (i < window.length) parts.push({ text: window.slice(i), match: false })
  if (to < text.length) parts.push({ text: '…', match: false })
  return parts
}

/**
 * The library's items whose text matches `query`, best first (bm25), each with its episode, its time
 * and a snippet with the matches marked; when none does, the indexed words closest to each word the
 * index does not hold. Refused, saying what to change, for a query that cannot be run.
 */
export function searchLibrary(
  db: Db,
  query: string,
  options: { show?: string; limit?: number } = {},
): { hits: SearchHit[]; closest: ClosestWords[]; newestFirst: boolean } {
  const plan = planSearch(query)
  const { hits, newestFirst } = hitsOf(db, query, plan, options)
  return {
    hits,
    closest:
      hits.length === 0 && plan.index === 'words' ? closestWords(db, plan.terms, options.show ?? null) : [],
    newestFirst,
  }
}

function hitsOf(
  db: Db,
  query: string,
  plan: PlannedSearch,
  options: { show?: string; limit?: number },
): { hits: SearchHit[]; newestFirst: boolean } {
  const limit = options.limit ?? DEFAULT_SEARCH_LIMIT
  const params = {
    match: plan.match,
    show: options.show ?? null,
    limit,
    ...Object.fromEntries(plan.substrings.map((text, k) => [`like${k}`, likeText(text)])),
  }
  const found =
    plan.index === 'words' && plan.match !== null
      ? wordHits(db, plan.substrings.length, params, false, walkMatch(db, query, plan))
      : {
          rows: db
            .prepare(hitQuery(plan.match === null ? null : plan.index, plan.substrings.length))
            .all(params) as Row[],
          newestFirst: false,
        }
  // The trigram search's hits first, then those among the items without its script, which only the
  // words index holds (an OR or a NOT that holds without it).
  if (plan.spacedMatch !== null && found.rows.length < limit) {
    const spaced = wordHits(
      db,
      0,
      { match: plan.spacedMatch, show: params.show, limit: limit - found.rows.length },
      true,
    )
    found.rows.push(...spaced.rows)
    found.newestFirst ||= spaced.newestFirst
  }
  return {
    newestFirst: found.newestFirst,
    hits: found.rows.map((row) => ({
      episodeId: row.episodeId,
      episodeTitle: row.episodeTitle,
      kind: row.kind,
      itemId: row.itemId,
      seconds: Math.round((row.seconds ?? 0) * 1000) / 1000,
      snippet:
        row.snippet === null || row.plain === null
          ? substringParts(row, plan.terms)
          : markedParts(row.snippet, row.plain),
    })),
  }
}

/** Most terms a prefix is expanded into; past them FTS5 gathers the prefix's rows itself. */
const MOST_PREFIX_TERMS = 100

/**
 * The match the walk newest first is given: each prefix written as the terms beginning with it (see
 * expandedMatch), where the library's terms say which and there are few enough.
 */
function walkMatch(db: Db, query: string, plan: PlannedSearch): string | null {
  if (plan.prefixes.length === 0) return plan.match
  const own = termsOf(db, plan.prefixes)
  const expanded = new Map<string, string[]>()
  plan.prefixes.forEach((prefix, k) => {
    const terms = termsBeginning(db, own[k] ?? prefix, MOST_PREFIX_TERMS)
    if (terms) expanded.set(prefix, terms)
  })
  return expandedMatch(query, expanded)
}

type WholeRow = [string, SearchKind, string, number | null, string, string, string, string]

/**
 * The words index's hits: walked newest first up to MANY_MATCHES + 1 matches, the first `limit` whole;
 * past MANY_MATCHES those are the hits (each episode's in its order of time), else the matches are
 * ranked by bm25, best first, as FTS5 ranks them. bm25 scores every match (a common word matches a
 * million items at 10,000 episodes: a second, for an order nobody reads past its first page), while
 * FTS5 walks its rowids backwards without scoring; the answer says which order it is (`newestFirst`),
 * and a narrower query (another word, a phrase, a show) is ranked best first again.
 */
function wordHits(
  db: Db,
  substrings: number,
  params: { match: string | null; show: string | null; limit: number },
  spacedOnly: boolean,
  walkingMatch = params.match,
): { rows: Row[]; newestFirst: boolean } {
  wholeRowsFor(db, params.limit)
  const walked = db
    .prepare(hitQuery('words', substrings, { spacedOnly, walk: true }))
    .all({ ...params, match: walkingMatch }) as {
    episodeId: string
    whole: string | null
  }[]
  if (walked.length <= MANY_MATCHES)
    return {
      rows: db.prepare(hitQuery('words', substrings, { spacedOnly })).all(params) as Row[],
      newestFirst: false,
    }
  const episodes = new Map<string, Row[]>()
  for (const { episodeId, whole } of walked) {
    if (whole === null) break
    const [episodeTitle, kind, itemId, seconds, snippet, plain, title, body] = JSON.parse(whole) as WholeRow
    const row: Row = { episodeId, episodeTitle, kind, itemId, seconds, snippet, plain, title, body }
    episodes.set(episodeId, [...(episodes.get(episodeId) ?? []), row])
  }
  const inTime = (a: Row, b: Row): number => (a.seconds ?? 0) - (b.seconds ?? 0)
  return { rows: [...episodes.values()].flatMap((rows) => rows.sort(inTime)), newestFirst: true }
}
