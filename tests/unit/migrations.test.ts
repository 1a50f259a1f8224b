import Database from 'better-sqlite3'
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { migrate, schemaVersion } from '../../src/core/db/migrate'
import { MIGRATIONS } from '../../src/core/db/migrations'
import { openDatabase } from '../../src/core/db/openDatabase'
import { redo, undo } from '../../src/core/history/editHistory'
import { UserError } from '../../src/core/errors'
import { isSecondsForm, unpackWords } from '../../src/core/transcript/packedWords'
import { tempFolder } from '../tempFolder'

const TABLES = [
  'episodes',
  'media',
  'participants',
  'transcript_segments',
  'rubric_dimensions',
  'chapters',
  'scores',
  'statements',
  'highlights',
  'edit_history',
  'settings',
]

/** A database made at an older schema version, holding one episode, opened (and so upgraded) by the app. */
function upgradedFrom(version: number): Database.Database {
  const file = path.join(tempFolder(), `v${version}.sqlite`)
  const raw = new Database(file)
  migrate(raw, MIGRATIONS.slice(0, version))
  raw
    .prepare(
      `INSERT INTO episodes (id, title, duration_seconds, created_at, updated_at) VALUES ('e1', 'Old', 60, 'x', 'x')`,
    )
    .run()
  raw.close()
  const db = openDatabase(file)
  expect(schemaVersion(db)).toBe(MIGRATIONS.length)
  return db
}

describe('database migrations', () => {
  it('brings an empty file to the newest schema with every table STRICT, WAL and foreign keys on', () => {
    const file = path.join(tempFolder(), 'new.sqlite')
    const db = openDatabase(file)
    expect(schemaVersion(db)).toBe(MIGRATIONS.length)
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal')
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1)
    const tables = db.prepare(`SELECT name, strict FROM pragma_table_list WHERE schema = 'main'`).all() as {
      name: string
      strict: number
    }[]
    for (const name of TABLES) expect(tables.find((t) => t.name === name)?.strict, name).toBe(1)
    db.close()
  })

  it('opens an up-to-date database again without changing it', () => {
    const file = path.join(tempFolder(), 'again.sqlite')
    openDatabase(file).close()
    const db = openDatabase(file)
    expect(schemaVersion(db)).toBe(MIGRATIONS.length)
    db.close()
  })

  it('002 keeps the episodes of a version-1 database and adds the transcript revision and mapping state', () => {
    const db = upgradedFrom(1)
    expect(db.prepare(`SELECT title, transcript_rev, speakers_mapped FROM episodes`).get()).toEqual({
      title: 'Old',
      transcript_rev: '',
      speakers_mapped: 1,
    })
    db.close()
  })

  it('003 gives the episodes of a version-2 database no file extensions and their transcript as it was', () => {
    const db = upgradedFrom(2)
    expect(
      db
        .prepare(
          `SELECT title, document_extensions, rubric_extensions, transcript_extensions, transcript_left_out FROM episodes`,
        )
        .get(),
    ).toEqual({
      title: 'Old',
      document_extensions: null,
      rubric_extensions: null,
      transcript_extensions: null,
      transcript_left_out: 0,
    })
    expect(() => db.prepare(`UPDATE episodes SET transcript_left_out = 2`).run()).toThrow(/CHECK constraint/)
    db.close()
  })

  it('008 gives each kept score the review state its chapter and the machine’s score imply', () => {
    const file = path.join(tempFolder(), 'v7-scores.sqlite')
    const raw = new Database(file)
    migrate(raw, MIGRATIONS.slice(0, 7))
    raw.exec(`
      INSERT INTO episodes (id, title, duration_seconds, created_at, updated_at) VALUES ('e1', 'Old', 60, 'x', 'x');
      INSERT INTO rubric_dimensions (episode_id, key, label, position) VALUES ('e1', 'a', 'A', 0), ('e1', 'b', 'B', 1);
      INSERT INTO chapters (episode_id, id, start, end, origin, status) VALUES
        ('e1', 'waiting', 0, 20, 'machine', 'unreviewed'), ('e1', 'done', 20, 40, 'machine', 'accepted'),
        ('e1', 'own', 40, 60, 'human', 'accepted');
      INSERT INTO scores (episode_id, chapter_id, dimension_key, value, reasoning, machine_value, machine_reasoning) VALUES
        ('e1', 'waiting', 'a', 5, 'r', 5, 'r'), ('e1', 'waiting', 'b', 7, 'r', 5, 'r'),
        ('e1', 'done', 'a', 5, 'r', 5, 'r'), ('e1', 'own', 'a', 3, 'mine', NULL, NULL);
    `)
    raw.close()
    const db = openDatabase(file)
    expect(
      db.prepare(`SELECT chapter_id || '.' || dimension_key AS score, review FROM scores ORDER BY 1`).all(),
    ).toEqual([
      { score: 'done.a', review: 'accepted' },
      { score: 'own.a', review: 'accepted' },
      { score: 'waiting.a', review: 'unreviewed' },
      { score: 'waiting.b', review: 'edited' },
    ])
    expect(() => db.prepare(`UPDATE scores SET review = 'maybe'`).run()).toThrow(/CHECK constraint/)
    db.close()
  })

  it('007 leaves the origin of older quotes unknown (judged at their next move) and no reasoning kept', () => {
    const db = upgradedFrom(6)
    db.prepare(
      `INSERT INTO statements (episode_id, id, quote, start, end) VALUES ('e1', 's1', 'Said.', 1, 2)`,
    ).run()
    expect(db.prepare(`SELECT quote, quote_filled FROM statements`).get()).toEqual({
      quote: 'Said.',
      quote_filled: null,
    })
    expect(() => db.prepare(`UPDATE statements SET quote_filled = 2`).run()).toThrow(/CHECK constraint/)
    const columns = db.prepare(`SELECT name FROM pragma_table_info('scores')`).pluck().all()
    expect(columns).toContain('reasoning_confirmed_value')
    db.close()
  })

  it('024 packs each segment’s words into it exactly, keeps a connected library’s outbox, and old history undoes', () => {
    const file = path.join(tempFolder(), 'v23.sqlite')
    const raw = new Database(file)
    migrate(raw, MIGRATIONS.slice(0, 23))
    raw.exec(`INSERT INTO episodes (id, title, duration_seconds, created_at, updated_at, transcript_rev)
      VALUES ('e1', 'Old', 60, 'x', 'x', 'r1'), ('e2', 'Other', 60, 'x', 'x', 'r2')`)
    const segment = raw.prepare(
      `INSERT INTO transcript_segments (episode_id, id, start, end, text) VALUES (?, ?, ?, ?, ?)`,
    )
    const word = raw.prepare(
      `INSERT INTO transcript_words (episode_id, segment_id, position, start, end, text) VALUES (?, ?, ?, ?, ?, ?)`,
    )
    // Times no decimal fraction holds exactly, and text JSON must escape.
    const before = [
      { start: 0.1 + 0.2, end: 1 / 3, text: 'say "hello"' },
      { start: 1 / 3, end: 2 / 3, text: 'big' },
      { start: 2 / 3, end: 1234.5678901234567, text: 'wörld\\' },
    ]
    segment.run('e1', 's1', 0, 1300, 'say "hello" wörld\\')
    segment.run('e1', 's2', 1300, 1400, 'no word times')
    segment.run('e2', 's1', 0, 10, 'other')
    // As the edit that dropped "big" left them: positions 0 and 1, written in reverse order.
    const after = [before[0], before[2]] as typeof before
    word.run('e1', 's1', 1, after[1]?.start, after[1]?.end, after[1]?.text)
    word.run('e1', 's1', 0, after[0]?.start, after[0]?.end, after[0]?.text)
    word.run('e2', 's1', 0, 1, 2, 'other')
    const wordRow = (position: number, w: (typeof before)[number]) => ({
      table: 'transcript_words',
      key: { episode_id: 'e1', segment_id: 's1', position },
      row: { episode_id: 'e1', segment_id: 's1', position, ...w },
    })
    // The history an edit of the segment's text wrote before 024: a row per word.
    const changes = [
      ...before.map((w, i) => ({ ...wordRow(i, w), before: wordRow(i, w).row, after: null })),
      ...after.map((w, i) => ({ ...wordRow(i, w), before: null, after: wordRow(i, w).row })),
      {
        table: 'transcript_segments',
        key: { episode_id: 'e1', id: 's1' },
        before: { episode_id: 'e1', id: 's1', text: 'say "hello" big wörld\\' },
        after: { episode_id: 'e1', id: 's1', text: 'say "hello" wörld\\' },
      },
    ].map(({ table, key, before, after }) => ({ table, key, before, after }))
    raw
      .prepare(
        `INSERT INTO edit_history (episode_id, label, changes, state, created_at) VALUES ('e1', 'Edit transcript text', ?, 'done', 'x')`,
      )
      .run(JSON.stringify(changes))
    raw.exec(`INSERT INTO desk_link (only, url, user, connected_at) VALUES (1, 'postgresql://desk/x', 'ada', 'x');
      INSERT INTO desk_outbox (episode_id, seq, mark) VALUES ('e1', 4, 3)`)
    raw.close()

    const db = openDatabase(file)
    const stored = (episode: string, id: string): unknown =>
      db
        .prepare(`SELECT words FROM transcript_segments WHERE episode_id = ? AND id = ?`)
        .pluck()
        .get(episode, id)
    const timed = (words: typeof before) => words.map((w) => [w.start, w.end, w.text])
    expect(JSON.parse(stored('e1', 's1') as string)).toEqual(timed(after))
    expect(stored('e1', 's2')).toBeNull()
    // Whole seconds: converted to milliseconds by 025's conversion; e1's finer times keep their form.
    expect(stored('e2', 's1')).toBe('[1000,1000,"other"]')
    expect(
      db.prepare(`SELECT count(*) FROM sqlite_master WHERE name = 'transcript_words'`).pluck().get(),
    ).toBe(0)
    // The analyses' documents are the same: a connected library pushes only what waited before.
    expect(db.prepare(`SELECT episode_id, seq, mark FROM desk_outbox`).all()).toEqual([
      { episode_id: 'e1', seq: 4, mark: 3 },
    ])
    // Cut from the outbox so that undo (refused for an analysis pulled from someone else) runs.
    db.exec(`DELETE FROM desk_link`)
    expect(undo(db, 'e1')).toBe('Edit transcript text')
    expect(JSON.parse(stored('e1', 's1') as string)).toEqual(timed(before))
    expect(redo(db, 'e1')).toBe('Edit transcript text')
    expect(JSON.parse(stored('e1', 's1') as string)).toEqual(timed(after))
    expect(
      db.prepare(`SELECT text FROM transcript_segments WHERE episode_id = 'e1' AND id = 's1'`).pluck().get(),
    ).toBe('say "hello" wörld\\')
    db.close()
  })

  it('025 keeps trigrams of unspaced text only, and converts word times in batches, going on after a SIGKILL', async () => {
    const file = path.join(tempFolder(), 'v24.sqlite')
    const raw = new Database(file)
    migrate(raw, MIGRATIONS.slice(0, 24))
    const EPISODES = 30
    const SEGMENTS = 2_000
    const episode = raw.prepare(
      `INSERT INTO episodes (id, title, duration_seconds, created_at, updated_at) VALUES (?, ?, 7200, 'x', 'x')`,
    )
    const segment = raw.prepare(
      `INSERT INTO transcript_segments (episode_id, id, start, end, text, words) VALUES (?, ?, ?, ?, ?, ?)`,
    )
    const wordsOf = (e: number, k: number) =>
      ['so', 'we', 'measured', k % 500 === 0 ? '东京参观' : 'it'].map((text, w) => ({
        start: (k * 3590 + w * 340 + e) / 1000,
        end: (k * 3590 + w * 340 + 300) / 1000,
        text,
      }))
    raw.transaction(() => {
      for (let e = 0; e < EPISODES; e++) {
        episode.run(`e${e}`, `Episode ${e}`)
        for (let k = 0; k < SEGMENTS; k++) {
          const words = wordsOf(e, k)
          segment.run(
            `e${e}`,
            `s${k}`,
            words[0]?.start,
            words[3]?.end,
            words.map((w) => w.text).join(' '),
            JSON.stringify(words.map((w) => [w.start, w.end, w.text])),
          )
        }
      }
    })()
    raw.close()
    const before = fs.statSync(file).size

    // Killed as soon as it says how far it got: the first batch of 20,000 segments is in, the rest not.
    const child = spawn(
      path.resolve(__dirname, '..', '..', 'bin', 'episcore'),
      ['--db', file, 'search', 'measured'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    let said = ''
    child.stderr.on('data', (chunk: Buffer) => {
      said += chunk.toString()
      if (said.includes('converting the library')) child.kill('SIGKILL')
    })
    const signal = await new Promise((resolve) => child.on('close', (_code, s) => resolve(s)))
    expect(signal, said).toBe('SIGKILL')
    expect(said).toMatch(/converting the library \(word times packed as milliseconds\): \d+ %/)
    const killed = new Database(file, { readonly: true })
    expect(schemaVersion(killed)).toBe(MIGRATIONS.length)
    const left = killed.prepare(`SELECT next_rowid FROM library_conversions`).pluck().get() as number
    expect(left).toBeGreaterThan(1)
    expect(left).toBeLessThan(EPISODES * SEGMENTS)
    killed.close()

    const progress: { done: number; total: number }[] = []
    const db = openDatabase(file, { onProgress: (p) => progress.push(p) })
    // Going on from where it stopped, to the end.
    expect(progress[0]?.done).toBeGreaterThanOrEqual(left)
    expect(progress.at(-1)).toEqual({
      what: 'word times packed as milliseconds',
      done: EPISODES * SEGMENTS,
      total: EPISODES * SEGMENTS,
    })
    expect(db.prepare(`SELECT count(*) FROM library_conversions`).pluck().get()).toBe(0)
    const rows = db.prepare(`SELECT episode_id, id, words FROM transcript_segments`).all() as {
      episode_id: string
      id: string
      words: string
    }[]
    expect(rows).toHaveLength(EPISODES * SEGMENTS)
    for (const row of rows) {
      expect(isSecondsForm(row.words)).toBe(false)
      const e = Number(row.episode_id.slice(1))
      const k = Number(row.id.slice(1))
      expect(unpackWords(row.words, row.id)).toEqual(wordsOf(e, k))
    }
    // The trigram index holds the segments with Chinese text, and no other.
    const trigrams = db.prepare(`SELECT id FROM search_trigrams_docsize ORDER BY id`).pluck().all()
    const chinese = db
      .prepare(`SELECT id FROM search_text WHERE body LIKE '%东京%' ORDER BY id`)
      .pluck()
      .all()
    expect(trigrams).toEqual(chinese)
    expect(chinese).toHaveLength(EPISODES * (SEGMENTS / 500))
    db.exec(`VACUUM`)
    db.close()
    // Words in milliseconds and trigrams only where needed: the file, once vacuumed, is well under what it was.
    expect(fs.statSync(file).size).toBeLessThan(before * 0.75)
  })

  it('refuses a database written by a newer app, and leaves it untouched', () => {
    const file = path.join(tempFolder(), 'future.sqlite')
    const raw = new Database(file)
    raw.pragma('user_version = 999')
    raw.close()
    expect(() => openDatabase(file)).toThrow(UserError)
    expect(() => openDatabase(file)).toThrow(/newer Episcore \(schema version 999/)
    const after = new Database(file)
    expect(after.pragma('user_version', { simple: true })).toBe(999)
    expect(after.prepare(`SELECT count(*) AS n FROM sqlite_master`).get()).toEqual({ n: 0 })
    after.close()
    // Not even switched to WAL.
    expect([...fs.readFileSync(file).subarray(18, 20)]).toEqual([1, 1])
  })

  it('applies all pending migrations in one transaction: a failing one leaves the version as it was', () => {
    const db = new Database(path.join(tempFolder(), 'partial.sqlite'))
    const broken = [
      { version: 1, name: 'good', sql: 'CREATE TABLE a (x INTEGER) STRICT;' },
      { version: 2, name: 'bad', sql: 'CREATE TABLE b (x NOPE_NOT_A_TYPE) STRICT;' },
    ]
    expect(() => migrate(db, broken)).toThrow()
    expect(schemaVersion(db)).toBe(0)
    expect(db.prepare(`SELECT count(*) AS n FROM sqlite_master WHERE name = 'a'`).get()).toEqual({ n: 0 })
    db.close()
  })

  it('refuses a migration list whose versions do not rise one by one', () => {
    const db = new Database(':memory:')
    expect(() => migrate(db, [{ version: 2, name: 'skipped one', sql: '' }])).toThrow(/expected 1/)
    db.close()
  })

  it('reports a file that is not SQLite with its name', () => {
    const dir = tempFolder()
    const file = path.join(dir, 'garbage.sqlite')
    fs.writeFileSync(file, 'this is not a database, just text that is long enough '.repeat(20))
    expect(() => openDatabase(file)).toThrow(/garbage\.sqlite/)
  })
})
