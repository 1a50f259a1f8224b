import Database from 'better-sqlite3'
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { busyTimeoutMs, openDatabase } from '../../src/core/db/openDatabase'
import { MIGRATIONS } from '../../src/core/db/migrations'
import { DATABASE_BUSY, sqliteUserError } from '../../src/core/db/sqliteErrors'
import { createEpisode } from '../../src/core/episodes/createEpisode'
import { listEpisodes } from '../../src/core/episodes/episodeQueries'
import { historyState, undo } from '../../src/core/history/editHistory'
import { PeaksCache } from '../../src/core/media/peaksCache'
import { FileRefs } from '../../src/core/service/fileRefs'
import { createHandlers, dispatch } from '../../src/core/service/handlers'
import { startHost } from '../../src/host/startHost'
import type { EpisodeView } from '../../src/shared/contract'
import { speechMp3 } from '../generateMedia'
import { tempFolder } from '../tempFolder'
import {
  doneEdits,
  makeTemplate,
  openCopy,
  snapshot,
  validExport,
  type Session,
  type Template,
} from './analysisFixture'

const BIN = path.resolve(__dirname, '..', '..', 'bin', 'episcore')

interface Run {
  code: number | null
  stdout: string
  stderr: string
  ms: number
}

function episcore(args: string[], env: Record<string, string> = {}): Promise<Run> {
  const started = Date.now()
  const child = spawn(BIN, args, { env: { ...process.env, ...env } })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()))
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()))
  return new Promise((resolve, reject) => {
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr, ms: Date.now() - started }))
  })
}

/** A second connection in the middle of a write, as the app is while it saves an edit. */
function holdWriteLock(file: string): { release(): void } {
  const other = new Database(file)
  other.exec('BEGIN IMMEDIATE')
  return {
    release: () => {
      other.exec('ROLLBACK')
      other.close()
    },
  }
}

const integrity = (file: string): unknown => {
  const db = new Database(file, { readonly: true })
  try {
    return db.pragma('integrity_check', { simple: true })
  } finally {
    db.close()
  }
}

let template: Template
beforeAll(async () => {
  template = await makeTemplate()
})

const sessions: Session[] = []
const session = (): Session => {
  const s = openCopy(template)
  sessions.push(s)
  return s
}
afterEach(() => {
  for (const s of sessions.splice(0)) if (s.db.open) s.db.close()
})

/** A few acknowledged edits: what no later failure may take away. */
async function someEdits(s: Session): Promise<string[]> {
  const ids: string[] = []
  for (const [start, end] of [
    [5, 12],
    [17, 30],
    [46, 58],
  ] as const)
    ids.push((await s.call('statements.create', { start, end, title: `Said at ${start}` })).statementId)
  await s.call('chapters.split', { at: 20 })
  return ids
}

describe('SQLite failures as messages', () => {
  const sqliteError = (code: string): Error => Object.assign(new Error(code), { name: 'SqliteError', code })

  it('says what to do for a busy, full, read-only or failing database, extended codes included', () => {
    expect(sqliteUserError(sqliteError('SQLITE_BUSY'))).toMatchObject({
      code: 'busy',
      message: DATABASE_BUSY,
    })
    expect(sqliteUserError(sqliteError('SQLITE_BUSY_SNAPSHOT'))?.message).toBe(DATABASE_BUSY)
    expect(sqliteUserError(sqliteError('SQLITE_FULL'))?.message).toMatch(
      /^the disk is full .*earlier edits are safe$/,
    )
    expect(sqliteUserError(sqliteError('SQLITE_READONLY_DBMOVED'))?.message).toMatch(
      /^the database is read-only/,
    )
    expect(sqliteUserError(sqliteError('SQLITE_IOERR_WRITE'))?.message).toMatch(/^the disk could not be read/)
    expect(sqliteUserError(sqliteError('SQLITE_CANTOPEN'))?.message).toMatch(/cannot be opened/)
  })

  it('leaves bugs (a broken constraint, a plain error) to be reported as internal', () => {
    const db = new Database(':memory:')
    db.exec('CREATE TABLE t (x NOT NULL)')
    let constraint: unknown
    try {
      db.exec('INSERT INTO t VALUES (NULL)')
    } catch (error) {
      constraint = error
    }
    db.close()
    expect(constraint).toMatchObject({ name: 'SqliteError', code: 'SQLITE_CONSTRAINT_NOTNULL' })
    expect(sqliteUserError(constraint)).toBeNull()
    expect(sqliteUserError(new Error('SQLITE_FULL'))).toBeNull()
    expect(sqliteUserError('SQLITE_FULL')).toBeNull()
  })

  it('reads the busy timeout from EPISCORE_BUSY_TIMEOUT_MS, 5 seconds otherwise', () => {
    expect(busyTimeoutMs({})).toBe(5000)
    expect(busyTimeoutMs({ EPISCORE_BUSY_TIMEOUT_MS: '250' })).toBe(250)
    expect(busyTimeoutMs({ EPISCORE_BUSY_TIMEOUT_MS: 'soon' })).toBe(5000)
    expect(busyTimeoutMs({ EPISCORE_BUSY_TIMEOUT_MS: '-1' })).toBe(5000)
    const file = path.join(tempFolder(), 'timeout.sqlite')
    process.env.EPISCORE_BUSY_TIMEOUT_MS = '250'
    try {
      const db = openDatabase(file)
      expect(db.pragma('busy_timeout', { simple: true })).toBe(250)
      db.close()
    } finally {
      delete process.env.EPISCORE_BUSY_TIMEOUT_MS
    }
  })
})

describe('two writers on one database', () => {
  it('an edit made while another connection writes waits, then is refused as busy and changes nothing', async () => {
    const s = session()
    await someEdits(s)
    s.db.pragma('busy_timeout = 300')
    const before = snapshot(s.db, s.id)
    const lock = holdWriteLock(s.db.name)
    const started = Date.now()
    let refusal
    try {
      refusal = await s.refusal('statements.create', { start: 1, end: 4 })
    } finally {
      lock.release()
    }
    expect(Date.now() - started).toBeGreaterThanOrEqual(300)
    expect(refusal).toEqual({ code: 'busy', message: DATABASE_BUSY })
    expect(snapshot(s.db, s.id)).toEqual(before)
    // Once the other writer is done, the same edit goes through.
    await s.call('statements.create', { start: 1, end: 4 })
    expect(s.view().statements).toHaveLength(4)
  })

  it('the CLI on a database the app is writing waits for the busy timeout, then fails with one clear line', async () => {
    const dir = tempFolder()
    const doc = path.join(dir, 'episode.json')
    const s = session()
    await someEdits(s)
    fs.writeFileSync(doc, JSON.stringify(validExport(s.db, s.id)))
    const file = path.join(dir, 'app.sqlite')
    openDatabase(file).close()

    const lock = holdWriteLock(file)
    let busy: Run
    try {
      busy = await episcore(['--db', file, 'load', doc], { EPISCORE_BUSY_TIMEOUT_MS: '1500' })
    } finally {
      lock.release()
    }
    expect(busy.stderr).toBe(`episcore: ${DATABASE_BUSY}\n`)
    expect(busy.code).toBe(1)
    expect(busy.stdout).toBe('')
    expect(busy.ms).toBeGreaterThanOrEqual(1500)
    expect(integrity(file)).toBe('ok')
    const db = openDatabase(file)
    expect(listEpisodes(db)).toEqual([])
    db.close()

    // The lock was the only obstacle: with it gone, the same command loads the episode.
    const free = await episcore(['--db', file, 'load', doc], { EPISCORE_BUSY_TIMEOUT_MS: '1500' })
    expect(free.stderr).toBe('')
    expect(free.code).toBe(0)
    expect(free.stdout.trim()).toBe(s.id)
  })
})

describe('a disk that refuses writes', () => {
  it('a full disk refuses the edit with a clear message and loses no earlier edit', async () => {
    const s = session()
    const ids = await someEdits(s)
    // The database may not grow past its present size: SQLite's own way of a full disk.
    s.db.pragma(`max_page_count = ${s.db.pragma('page_count', { simple: true }) as number}`)
    let before = snapshot(s.db, s.id)
    let refusal
    for (let i = 0; i < 100 && !refusal; i++) {
      const reply = await s.reply('statements.create', {
        start: 1,
        end: 4,
        quote: `${i} ${'words '.repeat(3000)}`,
      })
      if (reply.ok) {
        ids.push((reply.value as { statementId: string }).statementId)
        before = snapshot(s.db, s.id)
      } else refusal = reply.error
    }
    expect(refusal).toEqual({
      code: 'invalid-input',
      message:
        'the disk is full (or the database may not grow): the edit was not saved; earlier edits are safe',
    })
    expect(snapshot(s.db, s.id)).toEqual(before)
    const done = doneEdits(s.db, s.id)
    const file = s.db.name
    s.db.close()

    expect(integrity(file)).toBe('ok')
    const db = openDatabase(file)
    try {
      expect(snapshot(db, s.id)).toEqual(before)
      expect(
        db
          .prepare(`SELECT id FROM statements WHERE episode_id = ? ORDER BY id`)
          .all(s.id)
          .map((r) => (r as { id: string }).id),
      ).toEqual([...ids].sort())
      // The history still undoes every edit back to the episode as it was made.
      let undone = 0
      for (; historyState(db, s.id).canUndo; undone++) undo(db, s.id)
      expect(undone).toBe(done)
      const fresh = openCopy(template)
      sessions.push(fresh)
      expect(snapshot(db, s.id).rows).toEqual(snapshot(fresh.db, s.id).rows)
    } finally {
      db.close()
    }
  })

  it('a read-only database refuses the edit with a clear message and keeps what it had', async () => {
    const s = session()
    await someEdits(s)
    const before = snapshot(s.db, s.id)
    const file = s.db.name
    s.db.close()
    // As root file modes are not enforced, so the read-only medium is SQLite's read-only open.
    const readOnly = new Database(file, { readonly: true })
    const handlers = createHandlers({
      db: readOnly,
      files: new FileRefs(),
      peaks: new PeaksCache(tempFolder()),
    })
    try {
      const opened = await dispatch(handlers, 'episodes.open', { id: s.id })
      expect(opened.ok && (opened.value as EpisodeView).statements).toHaveLength(3)
      for (const [method, request] of [
        ['statements.create', { id: s.id, start: 1, end: 4 }],
        ['chapters.split', { id: s.id, at: 40 }],
        ['history.undo', { id: s.id }],
      ] as const) {
        const reply = await dispatch(handlers, method, request)
        expect(reply, method).toEqual({
          ok: false,
          error: {
            code: 'invalid-input',
            message:
              'the database is read-only (a read-only disk, folder or file?): the edit was not saved; earlier edits are safe',
          },
        })
      }
    } finally {
      readOnly.close()
    }
    const db = openDatabase(file)
    expect(snapshot(db, s.id)).toEqual(before)
    db.close()
  })
})

/** A GET to the browser host, cookie in hand. */
function get(
  port: number,
  pathname: string,
  cookie = '',
): Promise<{ status: number; body: string; cookie: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: pathname, agent: false, headers: { cookie } }, (res) => {
        let body = ''
        res.on('data', (c: Buffer) => (body += c.toString()))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body,
            cookie: (res.headers['set-cookie']?.[0] ?? '').split(';')[0] ?? '',
          }),
        )
      })
      .on('error', reject)
  })
}

describe('media deleted while the episode is open', () => {
  it('the browser host answers 404 with a message, and the episode still opens without its media', async () => {
    const dir = tempFolder()
    const media = path.join(dir, 'interview.mp3')
    fs.copyFileSync(speechMp3(3), media)
    const file = path.join(dir, 'host.sqlite')
    const db = openDatabase(file)
    const id = await createEpisode(db, { mediaPath: media })
    db.close()
    const host = await startHost({ databaseFile: file, rendererDir: dir })
    try {
      const { cookie } = await get(host.port, `/?key=${new URL(host.url).searchParams.get('key') ?? ''}`)
      const served = await get(host.port, `/media/${id}`, cookie)
      expect(served.status).toBe(200)
      expect(served.body.length).toBeGreaterThan(1000)

      fs.rmSync(media)
      const gone = await get(host.port, `/media/${id}`, cookie)
      expect(gone.status).toBe(404)
      expect(gone.body).toBe('media file not found')

      // Still serving, and the episode opens with its media marked missing (the page offers a relink).
      const reopened = await new Promise<string>((resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port: host.port,
            path: '/api/episodes.open',
            method: 'POST',
            agent: false,
            headers: { cookie, 'content-type': 'application/json' },
          },
          (res) => {
            let body = ''
            res.on('data', (c: Buffer) => (body += c.toString()))
            res.on('end', () => resolve(body))
          },
        )
        req.on('error', reject)
        req.end(JSON.stringify({ id }))
      })
      expect(JSON.parse(reopened)).toMatchObject({
        ok: true,
        value: { media: { fileName: 'interview.mp3', available: false } },
      })
    } finally {
      await host.close()
    }
  })
})

describe('a database another process holds while this one starts', () => {
  it('is named with its path when the upgrade at start finds it busy', () => {
    const file = path.join(tempFolder(), 'held.sqlite')
    openDatabase(file, { migrations: MIGRATIONS.slice(0, 3) }).close()
    const other = new Database(file)
    other.exec('BEGIN IMMEDIATE')
    const before = process.env.EPISCORE_BUSY_TIMEOUT_MS
    process.env.EPISCORE_BUSY_TIMEOUT_MS = '50'
    try {
      expect(() => openDatabase(file)).toThrow(
        `Episcore cannot open its database ${path.resolve(file)}: ${DATABASE_BUSY}`,
      )
    } finally {
      if (before === undefined) delete process.env.EPISCORE_BUSY_TIMEOUT_MS
      else process.env.EPISCORE_BUSY_TIMEOUT_MS = before
      other.exec('ROLLBACK')
      other.close()
    }
  })
})
