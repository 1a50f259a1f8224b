import Database from 'better-sqlite3'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { MIGRATIONS } from '../../src/core/db/migrations'
import { openDatabase } from '../../src/core/db/openDatabase'
import { startHost } from '../../src/host/startHost'
import { machineEpisode } from '../machineEpisode'
import { loadEpisodeDocument } from '../../src/core/load/loadEpisode'
import { episcore } from '../episcoreCli'
import { tempFolder } from '../tempFolder'

/** Another application's SQLite database, as a notes app or a podcast player would keep one. */
function foreignDatabase(): string {
  const file = path.join(tempFolder(), 'other.sqlite')
  const db = new Database(file)
  db.exec(`CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT);
           CREATE TABLE tags (note INTEGER, tag TEXT);
           INSERT INTO notes (body) VALUES ('shopping list');`)
  db.close()
  return file
}

/** Every byte of the file and of its companions, to compare before and after. */
const snapshot = (file: string): Record<string, string> =>
  Object.fromEntries(
    fs
      .readdirSync(path.dirname(file))
      .map((name) => [name, fs.readFileSync(path.join(path.dirname(file), name)).toString('base64')]),
  )

describe("another application's SQLite database", () => {
  it('is refused by every command, byte for byte as found, naming what it holds', () => {
    const file = foreignDatabase()
    const before = snapshot(file)
    for (const args of [['list'], ['export', 'x'], ['report', 'x'], ['load', 'x.json']]) {
      const run = episcore(['--db', file, ...args])
      expect(run.code, args[0]).toBe(1)
      expect(run.stderr, args[0]).toMatch(
        /other\.sqlite is not an Episcore database: it holds 2 tables \(notes, tags\) and no Episcore mark\. Nothing was changed/,
      )
    }
    expect(() => openDatabase(file)).toThrow(/not an Episcore database/)
    expect(snapshot(file)).toEqual(before)
  })

  it('with no tables but a schema version is refused byte for byte as found, never switched to WAL', () => {
    const file = path.join(tempFolder(), 'versioned.sqlite')
    const db = new Database(file)
    db.pragma('user_version = 5')
    db.close()
    const before = snapshot(file)
    expect(() => openDatabase(file)).toThrow(
      /versioned\.sqlite is not an Episcore database: it holds no tables but says it is at schema version 5/,
    )
    const run = episcore(['--db', file, 'new', '--media', 'x.mp3'])
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(/is not an Episcore database: it holds no tables/)
    expect(episcore(['--db', file, 'list']).code).toBe(1)
    expect(snapshot(file)).toEqual(before)
    // Its header still says rollback journal (1), not WAL (2).
    expect([...fs.readFileSync(file).subarray(18, 20)]).toEqual([1, 1])
  })

  it('is refused by the browser host, untouched', async () => {
    const file = foreignDatabase()
    const before = snapshot(file)
    await expect(startHost({ databaseFile: file, rendererDir: tempFolder() })).rejects.toThrow(
      /not an Episcore database: it holds 2 tables/,
    )
    expect(snapshot(file)).toEqual(before)
  })

  it('names a foreign application id', () => {
    const file = path.join(tempFolder(), 'app.sqlite')
    const db = new Database(file)
    db.pragma('application_id = 1234')
    db.exec('CREATE TABLE t (x)')
    db.close()
    expect(() => openDatabase(file)).toThrow(/application id is 0x4d2, not Episcore's/)
  })

  it('an empty file and a new path become Episcore databases, marked as such', () => {
    const dir = tempFolder()
    const empty = path.join(dir, 'empty.sqlite')
    fs.writeFileSync(empty, '')
    for (const file of [empty, path.join(dir, 'new', 'fresh.sqlite')]) {
      openDatabase(file).close()
      const db = new Database(file, { readonly: true })
      expect(db.pragma('application_id', { simple: true })).toBe(0x45705363)
      expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length)
      db.close()
    }
  })

  it('a database of an older Episcore, before it was marked, is still opened and upgraded', () => {
    const file = path.join(tempFolder(), 'old.sqlite')
    const db = new Database(file)
    for (const m of MIGRATIONS.slice(0, 4)) db.exec(m.sql)
    db.pragma('user_version = 4')
    db.close()
    openDatabase(file).close()
    const after = new Database(file, { readonly: true })
    expect(after.pragma('application_id', { simple: true })).toBe(0x45705363)
    after.close()
  })
})

describe('commands that only read', () => {
  it('never migrate the database or switch its journal mode', () => {
    const file = path.join(tempFolder(), 'eps.sqlite')
    const writer = openDatabase(file)
    const doc = machineEpisode('read-only')
    loadEpisodeDocument(writer, JSON.stringify(doc))
    writer.pragma('journal_mode = DELETE')
    writer.close()
    const before = snapshot(file)
    expect(episcore(['--db', file, 'list']).stdout).toContain(doc.episode.id)
    expect(episcore(['--db', file, 'export', doc.episode.id, '--format', 'csv']).code).toBe(0)
    expect(snapshot(file)).toEqual(before)
  })

  it('do not upgrade an older schema: they say so and leave it', () => {
    const file = path.join(tempFolder(), 'old.sqlite')
    const db = new Database(file)
    for (const m of MIGRATIONS.slice(0, 3)) db.exec(m.sql)
    db.pragma('user_version = 3')
    db.close()
    const before = snapshot(file)
    const run = episcore(['--db', file, 'list'])
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(
      /older Episcore schema \(version 3\); a command that only reads does not upgrade it/,
    )
    expect(snapshot(file)).toEqual(before)
  })
})
