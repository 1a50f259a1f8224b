import type { ClosestWords } from '../../shared/contract'
import type { Db } from '../db/openDatabase'
import { statement } from '../db/statements'
import { termCount, termsNear, termsOf } from './searchTerms'

/** How many words are offered for a word that found nothing. */
const OFFERED = 3

/** Marks put around the word a snippet of one token returns. */
const OPEN = '\u0001'
const CLOSE = '\u0002'

/** What unicode61 keeps of a word; anything else separates words. */
const SEPARATOR = /[^\p{L}\p{N}\p{M}]+/u

/** Scripts written without spaces: searched by substring, with no vocabulary of words to offer. */
const UNSPACED =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u

/**
 * Optimal string alignment distance (substitution, insertion, deletion, two letters swapped), given up
 * once it is over `most`: each row is cut short there, so a far word costs little.
 */
export function editDistance(a: string, b: string, most: number): number {
  if (Math.abs(a.length - b.length) > most) return most + 1
  let before: number[] = []
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const row = [i]
    let least = i
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let d = Math.min((previous[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, (before[j - 2] ?? 0) + 1)
      row.push(d)
      least = Math.min(least, d)
    }
    if (least > most) return most + 1
    before = previous
    previous = row
  }
  return previous[b.length] ?? most + 1
}

/** How far a word may be from what was typed: one letter in a short word, two in a longer one. */
const reach = (stem: string): number => ([...stem].length <= 4 ? 1 : 2)

/**
 * The terms a stem is compared with, at bounded cost: the index's terms that begin with its letter (a
 * range of the library's terms), and those one edit of that first letter away (each looked up).
 */
function candidates(db: Db, stem: string): { term: string; doc: number }[] {
  const [first = '', second = ''] = [...stem]
  const rest = stem.slice(first.length)
  const inRange = termsNear(db, stem)
  const letters = new Set([...'abcdefghijklmnopqrstuvwxyz0123456789', ...stem])
  const firstEdits = new Set<string>([rest, second + first + rest.slice(second.length)])
  for (const letter of letters) {
    if (letter === first) continue
    firstEdits.add(letter + rest)
    firstEdits.add(letter + stem)
  }
  const edited = [...firstEdits].flatMap((term) => {
    const found = term === stem ? undefined : termCount(db, term)
    return found ? [found] : []
  })
  return [...inRange, ...edited]
}

/** The word as the text writes it where the stem is found, in an episode a search may show. */
function writtenWord(db: Db, stem: string, show: string | null): string | null {
  const snippet = statement(
    db,
    `SELECT snippet(search_words, -1, char(1), char(2), '', 1) FROM search_words
      JOIN search_text s ON s.id = search_words.rowid
      JOIN episodes e ON e.id = s.episode_id AND e.trashed_at IS NULL AND (@show IS NULL OR e.show = @show COLLATE NOCASE)
    WHERE search_words MATCH @match LIMIT 1`,
  )
    .pluck()
    .get({ match: `"${stem.replace(/"/g, '""')}"`, show }) as string | undefined
  const marked = snippet === undefined ? null : new RegExp(`${OPEN}([^${CLOSE}]*)${CLOSE}`).exec(snippet)
  return marked?.[1] ? marked[1].toLowerCase() : null
}

/**
 * For each word of a query that is nowhere in the words index, the indexed words closest to it (edit
 * distance between stems, the more common first), each as the text writes it: "orthoganal" is offered
 * "orthogonal". Words the index holds, and words of scripts searched by substring, are offered nothing.
 */
export function closestWords(db: Db, terms: readonly string[], show: string | null): ClosestWords[] {
  const words = [
    ...new Set(terms.flatMap((t) => t.toLowerCase().split(SEPARATOR)).filter((w) => w && !UNSPACED.test(w))),
  ]
  const stems = termsOf(db, words)
  const known = statement(db, `SELECT 1 FROM search_vocabulary WHERE term = ?`).pluck()
  return words.flatMap((word, k) => {
    const stem = stems[k] ?? word
    if (known.get(stem) !== undefined || /^\p{N}+$/u.test(stem)) return []
    const most = reach(stem)
    const near = candidates(db, stem)
      .map((c) => ({ ...c, distance: editDistance(stem, c.term, most) }))
      .filter((c) => c.distance <= most)
      .sort((a, b) => a.distance - b.distance || b.doc - a.doc || (a.term < b.term ? -1 : 1))
    const closest: string[] = []
    // Each tried costs a lookup of where it is written; a few more than offered allow for words found
    // only in trashed episodes or other shows.
    for (const c of near.slice(0, OFFERED * 3)) {
      if (closest.length === OFFERED) break
      const written = writtenWord(db, c.term, show)
      if (written && !closest.includes(written)) closest.push(written)
    }
    return closest.length > 0 ? [{ word, closest }] : []
  })
}
