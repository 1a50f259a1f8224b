import type { Db } from '../db/openDatabase'
import { statement } from '../db/statements'

/**
 * The words index's terms, kept in a table of their own (search_terms, migration 028) so that a prefix
 * and a misspelt word read terms without walking their lists. FTS5's own vocabulary (fts5vocab) counts
 * each term's rows as it lists it, and its prefix query gathers every matching term's rows into one
 * list before giving the first: at 10,000 episodes a common term is in 1.7 million rows, 40-75 ms a
 * search either way.
 *
 * The table is brought up to date when read: an episode whose text changed since is marked by a trigger
 * (search_terms_behind), and its text is read again through the index's own tokenizer; a bulk write
 * that leaves a large share of the library behind reads FTS5's vocabulary again whole instead. Terms
 * are never taken out: a term whose text was deleted only matches nothing, and a term's count (which
 * orders the words offered for a misspelt one) is the one it had when read, give or take the episodes
 * changed since.
 */

/**
 * Most episodes a search reads again before it answers (2.5-6 ms an hour of text each, the text read
 * from disk included: 130 ms at most); with more behind, it reads that many and answers through FTS5's
 * own vocabulary and prefixes (the same hits, 40-75 ms at 10,000 episodes) rather than keep the editor
 * waiting.
 */
export const SEARCH_READS_AT_MOST = 20

/**
 * Past this share of the library behind, a bulk write reads the whole vocabulary again as it ends
 * (~0.35 ms a library episode; 3.5 s at 10,000): the searches after it would take long to read them
 * one by one. Fewer are left to the searches, a share each.
 */
const REREAD_WHOLE_PAST = 1 / 7

/** The tokenizer of the words index (migration 014): a term is what it makes of a word. */
const WORDS_TOKENIZER = `tokenize = 'porter unicode61 remove_diacritics 2'`

/**
 * A table of this connection's temporary schema that runs the index's tokenizer over text, with its
 * vocabulary: nothing in the library is written, and a library opened read-only can use it too.
 */
function tokenizing(db: Db): void {
  // Without positions (detail = none): the terms and their rows are all that is read, at a third of the
  // cost of a full index.
  db.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS temp.search_tokenizing USING fts5 (title, body, ${WORDS_TOKENIZER}, detail = none);
    CREATE VIRTUAL TABLE IF NOT EXISTS temp.search_tokenized USING fts5vocab (temp, search_tokenizing, row);`)
}

/** The term the words index makes of each word (its stem: "orthogonal" is "orthogon"); a word it drops stays as it is. */
export function termsOf(db: Db, words: readonly string[]): string[] {
  tokenizing(db)
  return words.map((word) => {
    statement(db, `DELETE FROM temp.search_tokenizing`).run()
    statement(db, `INSERT INTO temp.search_tokenizing (title, body) VALUES (?, '')`).run(word)
    const terms = statement(db, `SELECT term FROM temp.search_tokenized`).all() as { term: string }[]
    return terms.length === 1 ? (terms[0]?.term ?? word) : word
  })
}

const behindCount = (db: Db): number =>
  (statement(db, `SELECT count(*) AS n FROM search_terms_behind`).get() as { n: number }).n

/** How long a search waits for another writer before it answers without reading the terms. */
const WAIT_FOR_WRITER_MS = 200

/**
 * Runs `write` in a transaction that takes the write lock first, waiting for another process's write
 * at most `waitMs`; false when it could not. The connection's own wait is put back after.
 */
function writing(db: Db, write: () => void, waitMs: number): boolean {
  const wait = db.pragma('busy_timeout', { simple: true }) as number
  db.pragma(`busy_timeout = ${Math.min(wait, waitMs)}`)
  try {
    db.transaction(write).immediate()
    return true
  } catch {
    return false
  } finally {
    db.pragma(`busy_timeout = ${wait}`)
  }
}

/**
 * Reads the text of the episodes behind into search_terms, at most `most` of them (the oldest marked
 * first, so each search takes its share); true when none is left behind. False too where the library
 * cannot be written now (read-only, or another process writing longer than a search waits): FTS5's own
 * vocabulary then answers.
 */
export function bringUpToDate(db: Db, most: number): boolean {
  const behind = behindCount(db)
  if (behind === 0) return true
  if (db.readonly) return false
  tokenizing(db)
  const read = writing(
    db,
    () => {
      const ids = statement(db, `SELECT episode_id FROM search_terms_behind ORDER BY rowid LIMIT ?`)
        .all(most)
        .map((r) => (r as { episode_id: string }).episode_id)
      statement(db, `DELETE FROM temp.search_tokenizing`).run()
      const text = statement(
        db,
        `INSERT INTO temp.search_tokenizing (title, body) SELECT title, body FROM search_text WHERE episode_id = ?`,
      )
      const done = statement(db, `DELETE FROM search_terms_behind WHERE episode_id = ?`)
      for (const id of ids) {
        text.run(id)
        done.run(id)
      }
      statement(
        db,
        `INSERT INTO search_terms (term, doc) SELECT term, doc FROM temp.search_tokenized WHERE true
        ON CONFLICT (term) DO UPDATE SET doc = doc + excluded.doc`,
      ).run()
      statement(db, `DELETE FROM temp.search_tokenizing`).run()
    },
    WAIT_FOR_WRITER_MS,
  )
  return read && behind <= most
}

/**
 * As a bulk write (a load of many files, a desk's pull) ends: the whole vocabulary read again when more
 * than a seventh of the library is behind, which costs less than reading them one by one would the
 * searches after it. Fewer are left to the searches, a share each.
 */
export function rereadWhenFarBehind(db: Db): void {
  const episodes = (statement(db, `SELECT count(*) AS n FROM episodes`).get() as { n: number }).n
  if (db.readonly || behindCount(db) <= episodes * REREAD_WHOLE_PAST) return
  writing(
    db,
    () => {
      statement(db, `DELETE FROM search_terms`).run()
      statement(db, `INSERT INTO search_terms (term, doc) SELECT term, doc FROM search_vocabulary`).run()
      statement(db, `DELETE FROM search_terms_behind`).run()
    },
    Infinity,
  )
}

/** The string just past every string beginning with `prefix`, for a range: its last character plus one. */
const pastPrefix = (prefix: string): string => {
  const last = prefix.codePointAt(prefix.length - 1) ?? 0
  return prefix.slice(0, prefix.length - (last > 0xffff ? 2 : 1)) + String.fromCodePoint(last + 1)
}

/**
 * The index's terms that begin with `prefix` (already a term, as termsOf makes it), at most `most`;
 * null when there are more, or the terms cannot be brought up to date (the index then expands the prefix
 * itself).
 */
export function termsBeginning(db: Db, prefix: string, most: number): string[] | null {
  if (prefix === '' || !bringUpToDate(db, SEARCH_READS_AT_MOST)) return null
  const terms = statement(db, `SELECT term FROM search_terms WHERE term >= ? AND term < ? LIMIT ?`)
    .all(prefix, pastPrefix(prefix), most + 1)
    .map((r) => (r as { term: string }).term)
  return terms.length > most ? null : terms
}

/**
 * The terms a misspelt word's term may be close to: those beginning with its first letter and within
 * two letters of its length, with how many rows hold each; from FTS5's vocabulary where the table
 * cannot be brought up to date.
 */
export function termsNear(db: Db, term: string): { term: string; doc: number }[] {
  const first = [...term][0] ?? ''
  const table = bringUpToDate(db, SEARCH_READS_AT_MOST) ? 'search_terms' : 'search_vocabulary'
  return statement(
    db,
    `SELECT term, doc FROM ${table} WHERE term >= ? AND term < ? AND abs(length(term) - ?) <= 2`,
  ).all(first, pastPrefix(first), [...term].length) as { term: string; doc: number }[]
}

/** The term and how many rows hold it, if the index has it (as far as the table knows). */
export function termCount(db: Db, term: string): { term: string; doc: number } | undefined {
  const table = bringUpToDate(db, SEARCH_READS_AT_MOST) ? 'search_terms' : 'search_vocabulary'
  return statement(db, `SELECT term, doc FROM ${table} WHERE term = ?`).get(term) as
    { term: string; doc: number } | undefined
}
