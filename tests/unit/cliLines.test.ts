import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../../src/core/db/openDatabase'
import { loadEpisodeDocument } from '../../src/core/load/loadEpisode'
import { refuseIfAny } from '../../src/core/publish/publishRefusal'
import type { EpisodeDocument } from '../../src/shared/episodeFormat'
import { episcore } from '../episcoreCli'
import { machineEpisode } from '../machineEpisode'
import { SONNET_MP3 } from '../fixtureFiles'
import { tempFolder } from '../tempFolder'

const BIN = path.resolve(__dirname, '..', '..', 'bin', 'episcore')

/** A database holding the machine episode; `change` runs on it before it is closed. */
function database(change: (db: Db, doc: EpisodeDocument) => void = () => undefined): string {
  const file = path.join(tempFolder(), 'episcore.sqlite')
  const db = openDatabase(file)
  const doc = machineEpisode()
  loadEpisodeDocument(db, doc)
  change(db, doc)
  db.close()
  return file
}

/** `count` copies of the episode row under other ids: a library long enough to fill a pipe. */
function copyEpisodes(db: Db, id: string, count: number): void {
  const columns = (db.prepare(`SELECT name FROM pragma_table_info('episodes')`).pluck().all() as string[])
    .map((c) => `"${c}"`)
    .join(', ')
  const copy = db.prepare(
    `INSERT INTO episodes (${columns}) SELECT ${columns.replace('"id"', `? AS "id"`)} FROM episodes WHERE id = ?`,
  )
  db.transaction(() => {
    for (let i = 0; i < count; i++) copy.run(`${id}-copy-${String(i).padStart(5, '0')}`, id)
  })()
}

describe('line-oriented output', () => {
  it('escapes tab, line breaks and ESC in `list`, so a title never forges a row or reaches the terminal raw', () => {
    // As a database from before titles were cleaned holds them.
    const file = database((db) =>
      db.prepare(`UPDATE episodes SET title = ?`).run('Row one\tforged\nrow two\r\u001b[2Jcleared'),
    )
    const run = episcore(['--db', file, 'list'])
    expect(run.code).toBe(0)
    expect(run.stdout).toBe(
      'agentic-rl-2025-05-09\tRow one\\tforged\\nrow two\\r\\e[2Jcleared\tdraft\tagentic-rl-2025-05-09\n',
    )
  })

  it('ends `episcore list | head -1` quietly: a closed stdout is no error', () => {
    const file = database((db, doc) => copyEpisodes(db, doc.episode.id, 3000))
    const run = spawnSync('bash', ['-c', `set -o pipefail; "${BIN}" --db "${file}" list | head -1`], {
      encoding: 'utf8',
    })
    expect(run.stdout).toBe(
      'agentic-rl-2025-05-09\t⚡️Open Questions in Agentic RL — Will Brown (Prime Intellect)\tdraft\tagentic-rl-2025-05-09\n',
    )
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)
  })

  it('gives one line, not a stack, for a database damaged where the episodes are', () => {
    const file = database()
    const db = openDatabase(file)
    db.pragma('wal_checkpoint(TRUNCATE)')
    const page = db.pragma('page_size', { simple: true }) as number
    const root = db
      .prepare(`SELECT rootpage FROM sqlite_master WHERE name = 'episodes'`)
      .pluck()
      .get() as number
    db.close()
    const bytes = fs.readFileSync(file)
    // A table leaf page whose cells point nowhere.
    bytes.fill(0xee, (root - 1) * page + 1, root * page)
    fs.writeFileSync(file, bytes)
    for (const args of [['list'], ['export', 'agentic-rl-2025-05-09']]) {
      const run = episcore(['--db', file, ...args])
      expect(run.code, args.join(' ')).toBe(1)
      expect(run.stderr.trim().split('\n'), run.stderr).toHaveLength(1)
      expect(run.stderr).toMatch(/^episcore: the database is damaged/)
    }
  })
})

describe('a refusal with many problems', () => {
  it('`validate` lists 100, then one line saying how many more', () => {
    const doc = machineEpisode()
    const chapter = doc.chapters[0] as EpisodeDocument['chapters'][number]
    doc.chapters = Array.from({ length: 1500 }, (_, i) => ({ ...chapter, id: `c${i}`, title: ` t${i}` }))
    const file = path.join(tempFolder(), 'many.json')
    fs.writeFileSync(file, JSON.stringify(doc))
    const run = episcore(['validate', file])
    expect(run.code).toBe(1)
    const lines = run.stdout.trimEnd().split('\n')
    expect(lines).toHaveLength(101)
    expect(lines[100]).toBe('… and 2,900 more problems')
  })

  it('`problems FILE.json` of a file that is not episode JSON lists 100, then one line saying how many more', () => {
    const doc = machineEpisode()
    const chapter = doc.chapters[0] as EpisodeDocument['chapters'][number]
    doc.chapters = Array.from({ length: 1500 }, (_, i) => ({ ...chapter, id: `c${i}`, title: ` t${i}` }))
    const file = path.join(tempFolder(), 'many.json')
    fs.writeFileSync(file, JSON.stringify(doc))
    const run = episcore(['problems', file])
    expect(run.code).toBe(1)
    const lines = run.stdout.trimEnd().split('\n')
    expect(lines).toHaveLength(101)
    expect(lines.slice(0, 100).every((line) => /^error\t\/[^\t]*\t./.test(line))).toBe(true)
    expect(lines[100]).toBe('… and 2,900 more problems')
    // The same 100 as validate's, each as severity, path and message.
    const validated = episcore(['validate', file]).stdout.trimEnd().split('\n')
    expect(lines.slice(0, 100).map((line) => line.replace(/^error\t([^\t]*)\t/, '$1: '))).toEqual(
      validated.slice(0, 100),
    )
    const json = JSON.parse(episcore(['problems', file, '--json']).stdout) as {
      path: string
      message: string
    }[]
    expect(json).toHaveLength(101)
    expect(json[100]).toEqual({ severity: 'error', path: '', message: '… and 2,900 more problems' })
  })

  it('counts the problems of a refusal with thousands grouped', () => {
    expect(() =>
      refuseIfAny(
        'Not ready to publish',
        Array.from({ length: 1234 }, (_, i) => `/x/${i}: bad`),
      ),
    ).toThrow(/^Not ready to publish \(1,234 problems\):\n\/x\/0: bad\n/)
  })

  it('`export --final` lists 100, then one line saying how many more', () => {
    const file = database((db, doc) => {
      // 300 unreviewed chapters with nothing scored: hundreds of reasons not to publish.
      const chapter = doc.chapters[0] as EpisodeDocument['chapters'][number]
      doc.chapters = Array.from({ length: 300 }, (_, i) => ({
        ...chapter,
        id: `c${String(i).padStart(3, '0')}`,
        start: i * 2,
        end: i * 2 + 2,
        why: '',
      }))
      doc.statements = doc.statements.map((s) => ({
        ...s,
        chapterId: `c${String(Math.floor(s.start / 2)).padStart(3, '0')}`,
      }))
      doc.highlights = []
      loadEpisodeDocument(db, doc, { replace: true })
    })
    const run = episcore(['--db', file, 'export', 'agentic-rl-2025-05-09', '--final'])
    expect(run.code).toBe(1)
    const lines = run.stderr.trimEnd().split('\n')
    expect(lines[0]).toMatch(/^episcore: Not ready to publish \(\d{1,3}(,\d{3})* problems\):$/)
    expect(lines).toHaveLength(102)
    expect(lines[101]).toMatch(/^… and \d{1,3}(,\d{3})* more problems$/)
  })
})

describe('a title given to `new`', () => {
  it('has each run of control characters replaced by one space, with a warning on stderr', () => {
    const file = path.join(tempFolder(), 'episcore.sqlite')
    const made = episcore(['--db', file, 'new', '--media', SONNET_MP3, '--title', 'Sonnet\n\n\t1\u001b[0m'])
    expect(made.code, made.stderr).toBe(0)
    expect(made.stderr).toContain('episcore: warning: ')
    expect(made.stderr).toContain('"Sonnet 1 [0m"')
    const list = episcore(['--db', file, 'list'])
    expect(list.stdout).toBe(`${made.stdout.trim()}\tSonnet 1 [0m\tdraft\t${made.stdout.trim()}\n`)
  })
})
