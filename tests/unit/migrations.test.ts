import Database from 'better-sqlite3'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { migrate, schemaVersion } from '../../src/core/db/migrate'
import { MIGRATIONS } from '../../src/core/db/migrations'
import { openDatabase } from '../../src/core/db/openDatabase'
import { UserError } from '../../src/core/errors'
import { tempFolder } from '../tempFolder'

const TABLES = [
  'episodes',
  'media',
  'participants',
  'transcript_segments',
  'transcript_words',
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
