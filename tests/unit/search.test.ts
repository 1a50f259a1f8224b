import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../../src/core/db/openDatabase'
import { backupOnOpen, listBackups, restoreBackup } from '../../src/core/db/backups'
import { loadEpisodeDocument } from '../../src/core/load/loadEpisode'
import { PeaksCache } from '../../src/core/media/peaksCache'
import { FileRefs } from '../../src/core/service/fileRefs'
import { createHandlers, dispatch } from '../../src/core/service/handlers'
import {
  MANY_MATCHES,
  type MethodName,
  type RequestOf,
  type ResponseOf,
  type SearchHit,
} from '../../src/shared/contract'
import type { EpisodeDocument } from '../../src/shared/episodeFormat'
import Database from 'better-sqlite3'
import { migrate } from '../../src/core/db/migrate'
import { MIGRATIONS } from '../../src/core/db/migrations'
import { editDistance } from '../../src/core/search/closestWords'
import { UNSPACED } from '../../src/core/search/searchQuery'
import { UNSPACED_GLOB } from '../../src/core/db/migrations/025_lean_search_and_word_times'
import { databaseBeforeSearch, writeAsThatVersionDid } from '../databaseBeforeSearch'
import { episodeSaying } from '../episodeSaying'
import { machineEpisode } from '../machineEpisode'
import { tempFolder } from '../tempFolder'

const ID = 'agentic-rl-2025-05-09'

function library(): { db: Db; files: FileRefs; dir: string } {
  const dir = tempFolder()
  const db = openDatabase(path.join(dir, 'library.sqlite'))
  loadEpisodeDocument(db, machineEpisode())
  return { db, files: new FileRefs(), dir }
}

async function call<K extends MethodName>(
  lib: { db: Db; files: FileRefs; dir: string },
  method: K,
  request: RequestOf<K>,
): Promise<ResponseOf<K>> {
  const handlers = createHandlers({ db: lib.db, files: lib.files, peaks: new PeaksCache(lib.dir) })
  const reply = await dispatch(handlers, method, request)
  if (!reply.ok) throw new Error(reply.error.message)
  return reply.value as ResponseOf<K>
}

/** The message a refused search gives. */
async function refusal(lib: { db: Db; files: FileRefs; dir: string }, query: string): Promise<string> {
  const handlers = createHandlers({ db: lib.db, files: lib.files, peaks: new PeaksCache(lib.dir) })
  const reply = await dispatch(handlers, 'library.search', { query })
  if (reply.ok) throw new Error(`"${query.slice(0, 40)}" was searched`)
  return reply.error.message
}

const search = async (
  lib: { db: Db; files: FileRefs; dir: string },
  query: string,
  more: { show?: string; limit?: number } = {},
): Promise<SearchHit[]> => (await call(lib, 'library.search', { query, ...more })).hits

/** A hit as an editor reads it: where, what, and the snippet with its matches in brackets. */
const read = (hit: SearchHit): string =>
  `${hit.episodeId} ${hit.seconds} ${hit.kind} ${hit.snippet.map((p) => (p.match ? `[${p.text}]` : p.text)).join('')}`

describe('searching the library', () => {
  it('finds a word in every kind of text, each at its time, the match marked', async () => {
    const lib = library()
    const hits = (await search(lib, 'rewards')).map(read)
    expect(hits).toContain(`${ID} 200 chapter Verifiable [rewards]`)
    expect(hits).toContain(`${ID} 415 highlight [Rewards] are not the bottleneck`)
    expect((await search(lib, 'everybody')).map(read)).toEqual([
      `${ID} 1 transcript Welcome to the show, [everybody].`,
    ])
    expect((await search(lib, 'field')).map((h) => [h.kind, h.itemId])).toEqual([['chapter', 'c1']])
    const statement = (await search(lib, 'mostly')).find((h) => h.kind === 'statement')
    expect(statement).toMatchObject({
      episodeId: ID,
      itemId: 's1',
      seconds: 5,
      episodeTitle: expect.stringContaining('Agentic RL'),
    })
    lib.db.close()
  })

  it('never finds a trashed episode, and finds it again once restored', async () => {
    const lib = library()
    expect(await search(lib, 'bottleneck')).toHaveLength(1)
    await call(lib, 'episodes.trash', { id: ID })
    expect(await search(lib, 'bottleneck')).toEqual([])
    await call(lib, 'episodes.restore', { id: ID })
    expect(await search(lib, 'bottleneck')).toHaveLength(1)
    lib.db.close()
  })

  it('finds phrases, prefixes, stems and words whatever their accents', async () => {
    const lib = library()
    expect((await search(lib, '"do not work today"')).map((h) => h.kind).sort()).toEqual([
      'statement',
      'transcript',
    ])
    expect(await search(lib, '"work do not"')).toEqual([])
    expect((await search(lib, 'verifi*')).map((h) => h.itemId)).toContain('c2')
    expect((await search(lib, 'explaining')).map((h) => h.itemId)).toEqual(['c1'])
    await call(lib, 'chapters.update', {
      id: ID,
      chapterId: 'c3',
      patch: { title: 'Café culture in Zürich' },
    })
    expect((await search(lib, 'cafe zurich')).map(read)).toEqual([
      `${ID} 420 chapter [Café] culture in [Zürich]`,
    ])
    expect((await search(lib, 'CAFÉ')).map((h) => h.itemId)).toEqual(['c3'])
    lib.db.close()
  })

  it('finds Chinese and Japanese text by substring, however short', async () => {
    const lib = library()
    await call(lib, 'chapters.update', {
      id: ID,
      chapterId: 'c3',
      patch: { title: '我们明天去东京参观博物馆' },
    })
    await call(lib, 'highlights.update', {
      id: ID,
      highlightId: 'h1',
      patch: { title: '報酬設計の難しさについて' },
    })
    expect((await search(lib, '东京参观')).map(read)).toEqual([
      `${ID} 420 chapter 我们明天去[东京参观]博物馆`,
    ])
    expect((await search(lib, '东京')).map((h) => h.itemId)).toEqual(['c3'])
    expect((await search(lib, '報酬設計')).map((h) => h.itemId)).toEqual(['h1'])
    expect(await search(lib, '大阪')).toEqual([])
    lib.db.close()
  })

  it('holds trigrams only of text without spaces, and finds the other side of an OR or a NOT too', async () => {
    const lib = library()
    await call(lib, 'chapters.update', {
      id: ID,
      chapterId: 'c3',
      patch: { title: '我们明天去东京参观博物馆' },
    })
    const indexed = lib.db.prepare('SELECT id FROM search_trigrams_docsize ORDER BY id').all()
    const unspaced = lib.db
      .prepare(`SELECT id FROM search_text WHERE title GLOB @glob OR body GLOB @glob ORDER BY id`)
      .all({ glob: UNSPACED_GLOB })
    expect(indexed).toEqual(unspaced)
    expect(indexed.length).toBe(1)
    const total = (lib.db.prepare('SELECT count(*) AS n FROM search_text').get() as { n: number }).n
    expect(total).toBeGreaterThan(10)
    expect(() =>
      lib.db.exec(`INSERT INTO search_trigrams (search_trigrams, rank) VALUES ('integrity-check', 0)`),
    ).not.toThrow()

    const items = (hits: SearchHit[]): string[] => hits.map((h) => `${h.kind} ${h.itemId}`).sort()
    const rewards = items(await search(lib, 'reward', { limit: 1000 }))
    expect(rewards.length).toBeGreaterThan(0)
    expect(rewards).not.toContain('chapter c3')
    expect(items(await search(lib, '东京参观 OR reward', { limit: 1000 }))).toEqual(
      [...rewards, 'chapter c3'].sort(),
    )
    expect(items(await search(lib, 'reward NOT 东京参观', { limit: 1000 }))).toEqual(rewards)
    // The Chinese side first: a trigram hit, then the words index's.
    expect((await search(lib, '东京参观 OR reward', { limit: 1000 }))[0]?.itemId).toBe('c3')
    expect(await search(lib, '东京参观 NOT reward')).toHaveLength(1)
    lib.db.close()
  })

  it('indexes every character of the scripts written without spaces in the trigram index', () => {
    const db = new Database(':memory:')
    const glob = db.prepare('SELECT ? GLOB ? AS yes')
    const missed: string[] = []
    for (let c = 0; c < 0x110000; c++) {
      if (c >= 0xd800 && c <= 0xdfff) continue
      const character = String.fromCodePoint(c)
      if (UNSPACED.test(character) && !(glob.get(`a${character}b`, UNSPACED_GLOB) as { yes: number }).yes)
        missed.push(c.toString(16))
    }
    expect(missed).toEqual([])
    expect((glob.get('plain latin, ελληνικά, русский', UNSPACED_GLOB) as { yes: number }).yes).toBe(0)
    db.close()
  })

  it('ranks the item about the words above one that mentions them in passing', async () => {
    const lib = library()
    await call(lib, 'statements.update', {
      id: ID,
      statementId: 's1',
      patch: {
        title: 'Reward design',
        quote: 'Reward design is hard: reward design decides what the model learns.',
      },
    })
    const hits = await search(lib, 'reward design')
    expect(hits[0]?.itemId).toBe('s1')
    expect(hits.length).toBeGreaterThan(1)
    lib.db.close()
  })

  it('keeps the index current under edits, undo, redo and a transcript import', async () => {
    const lib = library()
    await call(lib, 'statements.update', {
      id: ID,
      statementId: 's1',
      patch: { title: 'Coordination is unsolved' },
    })
    expect((await search(lib, 'coordination')).map((h) => h.itemId)).toEqual(['s1'])
    await call(lib, 'history.undo', { id: ID })
    expect(await search(lib, 'coordination')).toEqual([])
    expect((await search(lib, '"mostly do not work"')).map((h) => h.kind)).toContain('statement')
    await call(lib, 'history.redo', { id: ID })
    expect((await search(lib, 'coordination')).map((h) => h.itemId)).toEqual(['s1'])
    await call(lib, 'statements.delete', { id: ID, statementId: 's1' })
    expect(await search(lib, 'coordination')).toEqual([])

    await call(lib, 'transcript.editSegment', {
      id: ID,
      segmentId: 'seg1',
      text: 'Welcome, listeners of the podcast.',
    })
    expect((await search(lib, 'listeners')).map(read)).toEqual([
      `${ID} 1 transcript Welcome, [listeners] of the podcast.`,
    ])
    expect(await search(lib, 'everybody')).toEqual([])
    await call(lib, 'history.undo', { id: ID })
    expect(await search(lib, 'listeners')).toEqual([])

    await call(lib, 'scores.set', {
      id: ID,
      chapterId: 'c2',
      dimension: 'guestTeaching',
      value: 3,
      reasoning: 'Rambling about tokenizers.',
    })
    expect((await search(lib, 'tokenizers')).map(read)).toEqual([
      `${ID} 200 reasoning Rambling about [tokenizers].`,
    ])

    const vtt = path.join(lib.dir, 'new.vtt')
    fs.writeFileSync(
      vtt,
      'WEBVTT\n\n00:00:02.000 --> 00:00:06.000\nA brand new transcript about kangaroos.\n',
    )
    await call(lib, 'transcript.import', { id: ID, file: lib.files.register(vtt), replaceEdited: true })
    expect((await search(lib, 'kangaroos')).map((h) => [h.kind, h.seconds])).toEqual([['transcript', 2]])
    expect((await search(lib, 'welcome')).filter((h) => h.kind === 'transcript')).toEqual([])
    await call(lib, 'history.undo', { id: ID })
    expect(await search(lib, 'kangaroos')).toEqual([])
    expect((await search(lib, 'welcome')).map((h) => h.kind)).toEqual(['transcript'])
    lib.db.close()
  })

  it('searches one show, at most the limit, and forgets an episode loaded over', async () => {
    const lib = library()
    const other: EpisodeDocument = machineEpisode('other-episode')
    other.episode.show = 'Another Show'
    loadEpisodeDocument(lib.db, other)
    expect(new Set((await search(lib, 'rewards')).map((h) => h.episodeId))).toEqual(
      new Set([ID, 'other-episode']),
    )
    expect(new Set((await search(lib, 'rewards', { show: 'another show' })).map((h) => h.episodeId))).toEqual(
      new Set(['other-episode']),
    )
    expect(await search(lib, 'rewards', { limit: 1 })).toHaveLength(1)
    const changed = machineEpisode('other-episode')
    changed.episode.show = 'Another Show'
    changed.chapters[1]!.title = 'Penguins'
    loadEpisodeDocument(lib.db, changed, { replace: true })
    expect((await search(lib, 'penguins')).map((h) => h.episodeId)).toEqual(['other-episode'])
    expect((await search(lib, 'verifiable')).map((h) => h.episodeId)).toEqual([ID])
    lib.db.close()
  })

  it('says what to change for a query it cannot search, never SQLite’s words', async () => {
    const lib = library()
    const messages = {
      unclosed: await refusal(lib, '"do not work'),
      and: await refusal(lib, 'AND'),
      star: await refusal(lib, '*'),
      near: await refusal(lib, 'NEAR(rewards'),
      punctuation: await refusal(lib, '?! ...'),
      stop: await refusal(lib, 'the of and'),
      long: await refusal(lib, 'x'.repeat(10_000)),
    }
    expect(messages.unclosed).toMatch(/quote is not closed.*closing "/)
    expect(messages.and).toMatch(/AND joins two words.*put a word on each side/)
    expect(messages.star).toMatch(/put a word before it/)
    expect(messages.near).toMatch(/NEAR.*not supported/)
    expect(messages.punctuation).toMatch(/no word to search for/)
    expect(messages.stop).toMatch(/the, of, and: too common/)
    expect(messages.long).toMatch(/at most 1,000 characters \(this one has 10,000\)/)
    for (const m of Object.values(messages)) expect(m).not.toMatch(/fts5|syntax error|SQLITE/i)
    // Punctuation SQLite would choke on is only punctuation here.
    expect((await search(lib, "today's (work)")).map((h) => h.kind).sort()).toEqual([])
    expect((await search(lib, '(work) today.')).map((h) => h.kind).sort()).toEqual([
      'statement',
      'transcript',
    ])
    expect((await search(lib, 'rewards OR kangaroos')).length).toBeGreaterThan(0)
    expect(await search(lib, 'rewards NOT rewards')).toEqual([])
    lib.db.close()
  })

  it('reads a NUL in a query as the space between words, never as the end of the query', async () => {
    const lib = library()
    expect((await search(lib, 'rewards\0bottleneck')).map(read)).toEqual(
      (await search(lib, 'rewards bottleneck')).map(read),
    )
    expect((await search(lib, '"not the\0bottleneck"')).map(read)).toEqual([
      `${ID} 415 highlight Rewards are [not the bottleneck]`,
    ])
    expect((await search(lib, 'verifi\0')).map((h) => h.itemId)).toEqual(
      (await search(lib, 'verifi')).map((h) => h.itemId),
    )
    await call(lib, 'chapters.update', {
      id: ID,
      chapterId: 'c3',
      patch: { title: '我们明天去东京参观博物馆' },
    })
    expect((await search(lib, '东京\0参观')).map((h) => h.itemId)).toEqual(['c3'])
    expect(await refusal(lib, '\0\0')).toMatch(/no word to search for/)
    lib.db.close()
  })

  it('marks exactly the match when the text holds the characters snippets are marked with', async () => {
    const dir = tempFolder()
    const db = openDatabase(path.join(dir, 'library.sqlite'))
    const doc = machineEpisode()
    // U+0001 and U+0002 are the marks FTS5 is asked to put around a match: here they are the text's own.
    const text =
      'alpha \u0001beta\u0002 gamma crimson delta \u0002epsilon\u0001 zeta \u0001crimson\u0002 eta\u0002\u0001'
    const segment = doc.transcript!.segments[0]!
    segment.text = text
    segment.words = []
    doc.statements[0]!.quote = text
    Object.values(doc.chapters[0]!.scores)[0]!.reasoning = text
    loadEpisodeDocument(db, doc)
    const lib = { db, files: new FileRefs(), dir }
    const hits = await search(lib, 'crimson')
    expect(hits.map((h) => h.kind).sort()).toEqual(['reasoning', 'statement', 'transcript'])
    for (const hit of hits) {
      expect(hit.snippet.map((p) => p.text).join(''), hit.kind).toBe(text)
      expect(hit.snippet.filter((p) => p.match).map((p) => p.text)).toEqual(['crimson', 'crimson'])
    }
    const phrase = await search(lib, '"crimson eta"')
    expect(phrase.map((h) => h.snippet.filter((p) => p.match).map((p) => p.text))).toEqual([
      ['crimson\u0002 eta'],
      ['crimson\u0002 eta'],
      ['crimson\u0002 eta'],
    ])
    db.close()
  })

  it('indexes the text of a database made before search, as it is upgraded', async () => {
    const dir = tempFolder()
    const file = path.join(dir, 'v13.sqlite')
    databaseBeforeSearch(file, machineEpisode())
    const lib = { db: openDatabase(file), files: new FileRefs(), dir }
    expect((await search(lib, 'bottleneck')).map(read)).toEqual([
      `${ID} 415 highlight Rewards are not the [bottleneck]`,
    ])
    lib.db.close()
  })
})

describe('the search index and a restore', () => {
  it('finds what the restored database holds, and nothing of what it replaced', async () => {
    const dir = tempFolder()
    const file = path.join(dir, 'library.sqlite')
    const db = openDatabase(file)
    loadEpisodeDocument(db, machineEpisode())
    await backupOnOpen(db, file, new Date('2025-05-10T09:30:15Z'))
    const later = machineEpisode('later-episode')
    if (later.highlights[0]) later.highlights[0].title = 'Zanzibar is the bottleneck'
    loadEpisodeDocument(db, later)
    db.close()
    const [backup] = listBackups(file)
    await restoreBackup(file, backup?.file ?? '', { now: new Date('2025-05-11T09:30:15Z') })

    const lib = { db: openDatabase(file), files: new FileRefs(), dir }
    expect(await search(lib, 'zanzibar')).toEqual([])
    expect((await search(lib, 'bottleneck')).map((h) => h.episodeId)).toEqual([ID])
    // FTS5's own check of the index against search_text throws when they differ.
    expect(() =>
      lib.db.exec(`INSERT INTO search_words (search_words) VALUES ('integrity-check')`),
    ).not.toThrow()
    // The trigram index holds only some of search_text's rows (migration 025): checked within itself.
    expect(() =>
      lib.db.exec(`INSERT INTO search_trigrams (search_trigrams, rank) VALUES ('integrity-check', 0)`),
    ).not.toThrow()
    lib.db.close()
  })
})

describe('a word that matches more items than are ranked', () => {
  /** `episodes` episodes of `segments` segments each, every segment saying "reward" once. */
  function rewardingLibrary(episodes: number, segments: number): { db: Db; files: FileRefs; dir: string } {
    const dir = tempFolder()
    const db = openDatabase(path.join(dir, 'library.sqlite'))
    for (let n = 1; n <= episodes; n++)
      loadEpisodeDocument(
        db,
        episodeSaying(`many-${n}`, segments, (i) =>
          i % 7 === 0 ? `The reward, the reward and the reward model ${i}` : `A reward here ${i}`,
        ),
      )
    return { db, files: new FileRefs(), dir }
  }

  it('gives the newest episode’s hits in their order of time past MANY_MATCHES, and says so; best first below it', async () => {
    const many = rewardingLibrary(3, Math.ceil(MANY_MATCHES / 2))
    const reply = await closest(many, 'reward')
    expect(reply.newestFirst).toBe(true)
    expect(reply.hits).toHaveLength(20)
    expect(new Set(reply.hits.map((h) => h.episodeId))).toEqual(new Set(['many-3']))
    const times = reply.hits.map((h) => h.seconds)
    expect(times).toEqual([...times].sort((a, b) => a - b))
    // The same within a show: the walk is FTS5's own order, never a sort (which would make the
    // snippets for the oldest rows instead, and answer none).
    const inShow = await closest(many, 'reward', { show: machineEpisode().episode.show })
    expect(inShow.newestFirst).toBe(true)
    expect(inShow.hits.map((h) => h.itemId)).toEqual(reply.hits.map((h) => h.itemId))
    expect(reply.hits.every((h) => h.snippet.some((p) => p.match && /reward/i.test(p.text)))).toBe(true)
    // A narrower query (a seventh of the segments) is ranked best first again.
    const phrase = await closest(many, '"reward model"')
    expect(phrase.newestFirst).toBe(false)
    expect(phrase.hits).toHaveLength(20)
    expect(
      phrase.hits.every((h) => read(h).includes('reward] [model]') || read(h).includes('[reward model]')),
    ).toBe(true)
    // A library that holds fewer: best first (bm25), a segment saying it three times first of its segments.
    const few = rewardingLibrary(1, 50)
    const ranked = await closest(few, 'reward')
    expect(ranked.newestFirst).toBe(false)
    const firstSaid = ranked.hits.find((h) => h.kind === 'transcript')
    expect(firstSaid?.snippet.filter((p) => p.match && /reward/i.test(p.text))).toHaveLength(3)
    many.db.close()
    few.db.close()
  })
})

/** The episode of the issue: numbered in its title, its summary speaking of orthogonal rewards. */
function numberedLibrary(): { db: Db; files: FileRefs; dir: string } {
  const dir = tempFolder()
  const db = openDatabase(path.join(dir, 'library.sqlite'))
  const doc = machineEpisode()
  doc.episode.title = 'Episode 4: open questions in agentic RL'
  doc.episode.summary = 'Why orthogonal rewards matter to agents.'
  loadEpisodeDocument(db, doc)
  return { db, files: new FileRefs(), dir }
}

const closest = async (
  lib: { db: Db; files: FileRefs; dir: string },
  query: string,
  more: { show?: string } = {},
): Promise<ResponseOf<'library.search'>> => call(lib, 'library.search', { query, ...more })

describe('episode titles and summaries', () => {
  it('finds an episode by its title and its summary, at its start, and follows their edits', async () => {
    const lib = numberedLibrary()
    expect((await search(lib, 'Episode 4')).map(read)).toEqual([
      `${ID} 0 episode [Episode] [4]: open questions in agentic RL`,
    ])
    expect((await search(lib, 'orthogonal')).map(read)).toEqual([
      `${ID} 0 episode Why [orthogonal] rewards matter to agents.`,
    ])
    await call(lib, 'episodes.update', { id: ID, patch: { title: 'Episode 5: the sequel' } })
    expect(await search(lib, '"Episode 4"')).toEqual([])
    expect((await search(lib, '"Episode 5"')).map((h) => h.kind)).toEqual(['episode'])
    await call(lib, 'episodes.trash', { id: ID })
    expect(await search(lib, '"Episode 5"')).toEqual([])
    lib.db.close()
  })

  it('indexes the titles and summaries of a library written before they were searched', async () => {
    const dir = tempFolder()
    const file = path.join(dir, 'library.sqlite')
    // Schema 18: the search index there, without episodes in it.
    const old = new Database(file)
    migrate(old, MIGRATIONS.slice(0, 18))
    old.pragma('foreign_keys = ON')
    const doc = machineEpisode()
    doc.episode.title = 'Episode 4: open questions'
    writeAsThatVersionDid(old, doc)
    expect(old.prepare(`SELECT count(*) FROM search_text`).pluck().get()).toBeGreaterThan(0)
    old.close()
    const lib = { db: openDatabase(file), files: new FileRefs(), dir }
    expect((await search(lib, 'Episode 4')).map((h) => [h.kind, h.itemId])).toEqual([['episode', ID]])
    // What was indexed before is found as before.
    expect((await search(lib, 'bottleneck')).map(read)).toEqual([
      `${ID} 415 highlight Rewards are not the [bottleneck]`,
    ])
    lib.db.close()
  })
})

describe('a word that finds nothing', () => {
  it('is offered the closest words the library holds, as the text writes them', async () => {
    const lib = numberedLibrary()
    expect(await closest(lib, 'orthoganal')).toEqual({
      hits: [],
      closest: [{ word: 'orthoganal', closest: ['orthogonal'] }],
      newestFirst: false,
    })
    // Each unknown word of a query, a wrong first letter too; a known word is offered nothing.
    expect((await closest(lib, 'bottlenek rewards systms')).closest).toEqual([
      { word: 'bottlenek', closest: ['bottleneck'] },
      { word: 'systms', closest: ['systems'] },
    ])
    expect((await closest(lib, 'nottleneck')).closest).toEqual([
      { word: 'nottleneck', closest: ['bottleneck'] },
    ])
    // Nothing near: nothing offered; a search that finds something offers nothing.
    expect((await closest(lib, 'zqxwv')).closest).toEqual([])
    expect((await closest(lib, 'orthogonal')).closest).toEqual([])
    lib.db.close()
  })

  it('never offers a word only a trashed episode or another show holds', async () => {
    const lib = numberedLibrary()
    expect((await closest(lib, 'orthoganal', { show: 'Another show' })).closest).toEqual([])
    await call(lib, 'episodes.trash', { id: ID })
    expect((await closest(lib, 'orthoganal')).closest).toEqual([])
    lib.db.close()
  })

  it('measures edits as a typist makes them: a letter changed, added, left out, or two swapped', () => {
    expect(editDistance('orthogan', 'orthogon', 2)).toBe(1)
    expect(editDistance('sytsem', 'system', 2)).toBe(1)
    expect(editDistance('bottlenek', 'bottleneck', 2)).toBe(1)
    expect(editDistance('ab', 'abcde', 2)).toBe(3)
    expect(editDistance('kitten', 'sitting', 3)).toBe(3)
  })
})
