import Database from 'better-sqlite3'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { MIGRATIONS } from '../db/migrations'
import { busyTimeoutMs, openDatabase, type Db } from '../db/openDatabase'
import { loadEpisodeDocument, loadEpisodeFiles } from '../load/loadEpisode'
import { MANY_MATCHES } from '../../shared/contract'
import { episodeSaying } from '../../../tests/episodeSaying'
import { tempFolder } from '../../../tests/tempFolder'
import { searchLibrary } from './searchLibrary'
import { expandedMatch, planSearch } from './searchQuery'
import { bringUpToDate, SEARCH_READS_AT_MOST, termsBeginning, termsOf } from './searchTerms'
import fs from 'node:fs'

/** `episodes` episodes of `segments` segments, each segment rewarding (so a prefix matches past MANY_MATCHES). */
function rewardingLibrary(file: string, episodes: number, segments: number): Db {
  const db = openDatabase(file)
  for (let n = 1; n <= episodes; n++) loadEpisodeDocument(db, rewardingEpisode(n, segments))
  return db
}

const rewardingEpisode = (n: number, segments: number): ReturnType<typeof episodeSaying> =>
  episodeSaying(`many-${n}`, segments, (i) =>
    i % 3 === 0 ? `Rewards were rewarding ${i}` : `A reward here, Café Müller ${i}`,
  )

/** The rows the words index matches for an FTS5 expression. */
const rowsMatching = (db: Db, match: string): number[] =>
  db
    .prepare(`SELECT rowid FROM search_words WHERE search_words MATCH ? ORDER BY rowid`)
    .pluck()
    .all(match) as number[]

/** The query's match with each prefix written as the library's terms that begin with it. */
function expanded(db: Db, query: string): string {
  const plan = planSearch(query)
  const own = termsOf(db, plan.prefixes)
  const terms = new Map(plan.prefixes.map((p, k) => [p, termsBeginning(db, own[k] ?? p, 100) ?? []]))
  return expandedMatch(query, terms)
}

const setEpisodeText = (db: Db, episode: string, segment: string, text: string): void => {
  db.prepare(`UPDATE transcript_segments SET text = ? WHERE episode_id = ? AND id = ?`).run(
    text,
    episode,
    segment,
  )
}

describe("the library's own terms", () => {
  it('a prefix written as its terms matches the very rows FTS5 matches for the prefix', () => {
    const db = rewardingLibrary(path.join(tempFolder(), 'library.sqlite'), 2, 30)
    for (const query of [
      'rew*',
      'Rewarding*',
      'reward*',
      'caf*',
      'CAFÉ*',
      'mül*',
      'rewa* here',
      'here rewa*',
      'rew* OR caf*',
      'here NOT rewarding*',
      '"reward here"',
      'zzz*',
    ]) {
      const plan = planSearch(query)
      expect(rowsMatching(db, expanded(db, query)), query).toEqual(rowsMatching(db, plan.match ?? ''))
    }
    expect(expanded(db, 'rew* here')).toBe('("reward") AND "here"')
    db.close()
  })

  it('follows every edit: a word typed into the newest episode is among its prefix’s hits past MANY_MATCHES', async () => {
    const db = rewardingLibrary(path.join(tempFolder(), 'library.sqlite'), 3, Math.ceil(MANY_MATCHES / 2))
    expect(searchLibrary(db, 'rew*').newestFirst).toBe(true)
    // Read once; then an edit brings a term the table has not seen.
    expect(termsBeginning(db, 'rewild', 100)).toEqual([])
    setEpisodeText(db, 'many-3', 'seg1', 'Rewilding the hills')
    const found = searchLibrary(db, 'rew*')
    expect(found.newestFirst).toBe(true)
    const edited = found.hits.find((h) => h.itemId === 'seg1')
    expect(edited?.snippet.filter((p) => p.match).map((p) => p.text)).toEqual(['Rewilding'])
    expect(termsBeginning(db, 'rewild', 100)).toEqual(['rewild'])
    // A misspelt word is offered the word just typed.
    expect(searchLibrary(db, 'rewildng').closest).toEqual([{ word: 'rewildng', closest: ['rewilding'] }])
    // Taken out again: its term stays in the table, and matches nothing.
    setEpisodeText(db, 'many-3', 'seg1', 'A reward here')
    expect(searchLibrary(db, 'rewi*').hits).toEqual([])
    db.close()
  })

  it('read-only, with edits not yet read: the same hits, through FTS5’s own prefix', () => {
    const file = path.join(tempFolder(), 'library.sqlite')
    const db = rewardingLibrary(file, 3, Math.ceil(MANY_MATCHES / 2))
    searchLibrary(db, 'rew*')
    setEpisodeText(db, 'many-3', 'seg1', 'Rewilding the hills')
    const reader = new Database(file, { readonly: true })
    expect(termsBeginning(reader, 'rew', 100)).toBeNull()
    const read = searchLibrary(reader, 'rew*')
    expect(read.hits.some((h) => h.itemId === 'seg1')).toBe(true)
    expect(read.hits).toEqual(searchLibrary(db, 'rew*').hits)
    reader.close()
    // Another process holding the write lock: the search does not wait out the busy timeout for it.
    setEpisodeText(db, 'many-3', 'seg2', 'Rewound')
    const writer = new Database(file)
    writer.exec('BEGIN IMMEDIATE')
    const started = performance.now()
    const meanwhile = searchLibrary(db, 'rew*')
    expect(performance.now() - started).toBeLessThan(busyTimeoutMs())
    expect(meanwhile.newestFirst).toBe(true)
    expect(meanwhile.hits.find((h) => h.itemId === 'seg2')?.snippet.find((p) => p.match)?.text).toBe(
      'Rewound',
    )
    expect(db.prepare(`SELECT count(*) FROM search_terms_behind`).pluck().get()).toBe(1)
    writer.exec('COMMIT')
    writer.close()
    db.close()
  })

  it('a load of many files reads them whole as it ends: the table then lists every term of the index', async () => {
    const dir = tempFolder()
    const files = Array.from({ length: 25 }, (_, k) => {
      const file = path.join(dir, `e${k}.episode.json`)
      fs.writeFileSync(file, JSON.stringify(rewardingEpisode(k + 1, 6)))
      return file
    })
    const db = openDatabase(path.join(dir, 'library.sqlite'))
    const loaded = await loadEpisodeFiles(db, files)
    expect(loaded.every((l) => l.ok)).toBe(true)
    expect(db.prepare(`SELECT count(*) FROM search_terms_behind`).pluck().get()).toBe(0)
    const own = db.prepare(`SELECT term, doc FROM search_terms ORDER BY term`).all()
    expect(own).toEqual(db.prepare(`SELECT term, doc FROM search_vocabulary ORDER BY term`).all())
    // One episode changed is read again on its own, its terms added.
    setEpisodeText(db, 'many-1', 'seg0', 'Kangaroos')
    expect(bringUpToDate(db, SEARCH_READS_AT_MOST)).toBe(true)
    expect(db.prepare(`SELECT term FROM search_terms WHERE term = 'kangaroo'`).pluck().get()).toBe('kangaroo')
    db.close()
  })

  it('a library of the previous version has its terms once upgraded, and finds its prefixes', () => {
    const file = path.join(tempFolder(), 'library.sqlite')
    const before = openDatabase(file, { migrations: MIGRATIONS.slice(0, 27) })
    loadEpisodeDocument(before, rewardingEpisode(1, 6))
    before.close()
    const db = openDatabase(file)
    expect(db.prepare(`SELECT count(*) FROM search_terms_behind`).pluck().get()).toBe(0)
    expect(db.prepare(`SELECT term, doc FROM search_terms ORDER BY term`).all()).toEqual(
      db.prepare(`SELECT term, doc FROM search_vocabulary ORDER BY term`).all(),
    )
    expect(termsBeginning(db, 'rew', 100)).toEqual(['reward'])
    expect(searchLibrary(db, 'rew*').hits.length).toBeGreaterThan(0)
    db.close()
  })

  it('a search reads at most its share of the episodes behind, the oldest first, and answers all the same', () => {
    const file = path.join(tempFolder(), 'library.sqlite')
    const db = rewardingLibrary(file, SEARCH_READS_AT_MOST + 5, 3)
    const behind = (): number =>
      db.prepare(`SELECT count(*) FROM search_terms_behind`).pluck().get() as number
    expect(behind()).toBe(SEARCH_READS_AT_MOST + 5)
    // More are behind than a search reads: FTS5 expands this prefix, and the search takes its share.
    expect(termsBeginning(db, 'rew', 100)).toBeNull()
    expect(behind()).toBe(5)
    const oldest = db.prepare(`SELECT episode_id FROM search_terms_behind`).pluck().all()
    expect(oldest).toEqual(['many-21', 'many-22', 'many-23', 'many-24', 'many-25'])
    expect(searchLibrary(db, 'rew*').hits.length).toBeGreaterThan(0)
    expect(behind()).toBe(0)
    expect(termsBeginning(db, 'rew', 100)).toEqual(['reward'])
    db.close()
  })
})
