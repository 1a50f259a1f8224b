import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { expect, it } from 'vitest'
import { openDatabase } from '../../src/core/db/openDatabase'
import { loadEpisodeDocument } from '../../src/core/load/loadEpisode'
import { PeaksCache } from '../../src/core/media/peaksCache'
import { DatabaseSession } from '../../src/core/service/databaseSession'
import { FileRefs } from '../../src/core/service/fileRefs'
import { machineEpisode } from '../machineEpisode'
import { tempFolder } from '../tempFolder'

const hashOf = (file: string): string => createHash('sha256').update(fs.readFileSync(file)).digest('hex')

it('keeps edits in the WAL while they come, and writes them to the database file once they pause', async () => {
  const dir = tempFolder()
  const file = path.join(dir, 'episcore.sqlite')
  const doc = machineEpisode()
  const setup = openDatabase(file)
  loadEpisodeDocument(setup, JSON.stringify(doc))
  setup.close()
  const session = new DatabaseSession(file, { files: new FileRefs(), peaks: new PeaksCache(dir) })
  try {
    const before = hashOf(file)
    for (let i = 0; i < 40; i++) {
      const reply = await session.dispatch('episodes.update', {
        id: doc.episode.id,
        patch: { summary: `Take ${i}` },
      })
      expect(reply.ok).toBe(true)
    }
    // Forty edits, each committed to the WAL; none of them paid for copying it into the file.
    expect(hashOf(file)).toBe(before)
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(hashOf(file)).not.toBe(before)
    // What a reader that opens the file now sees is the last edit.
    const reader = openDatabase(file)
    try {
      expect(reader.prepare('SELECT summary FROM episodes WHERE id = ?').pluck().get(doc.episode.id)).toBe(
        'Take 39',
      )
    } finally {
      reader.close()
    }
  } finally {
    session.close()
  }
})

it('prepares the episode edited last when it starts, writing nothing, and nothing when there is none', async () => {
  const dir = tempFolder()
  const file = path.join(dir, 'episcore.sqlite')
  const setup = openDatabase(file)
  for (const id of ['older-episode', 'newer-episode'])
    loadEpisodeDocument(setup, JSON.stringify(machineEpisode(id)))
  setup
    .prepare(`UPDATE episodes SET updated_at = ? WHERE id = ?`)
    .run('2026-01-01T00:00:00.000Z', 'older-episode')
  setup
    .prepare(`UPDATE episodes SET updated_at = ? WHERE id = ?`)
    .run('2026-06-01T00:00:00.000Z', 'newer-episode')
  setup.pragma('wal_checkpoint(TRUNCATE)')
  setup.close()
  const before = hashOf(file)
  const session = new DatabaseSession(file, { files: new FileRefs(), peaks: new PeaksCache(dir) })
  try {
    expect(session.prepareLastEpisode()).toBe('newer-episode')
    const opened = await session.dispatch('episodes.open', { id: 'newer-episode' })
    expect(opened.ok && (opened.value as { summary: { id: string } }).summary.id).toBe('newer-episode')
  } finally {
    session.close()
  }
  expect(hashOf(file)).toBe(before)
  const empty = new DatabaseSession(path.join(dir, 'empty.sqlite'), {
    files: new FileRefs(),
    peaks: new PeaksCache(dir),
  })
  try {
    expect(empty.prepareLastEpisode()).toBeNull()
  } finally {
    empty.close()
  }
})

it('abandons a backup still copying when the app closes, without calling it a failure or leaving a copy', async () => {
  const dir = tempFolder()
  const file = path.join(dir, 'episcore.sqlite')
  const setup = openDatabase(file)
  // A database of many pages, so that the copy still runs in steps when the close comes.
  for (let i = 0; i < 12; i++) loadEpisodeDocument(setup, JSON.stringify(machineEpisode(`episode-${i}`)))
  setup.exec(`CREATE TABLE ballast (b BLOB); INSERT INTO ballast VALUES (zeroblob(8000000));`)
  setup.close()
  const session = new DatabaseSession(file, { files: new FileRefs(), peaks: new PeaksCache(dir) })
  const backup = session.backUp()
  session.close()
  await expect(backup).resolves.toBeNull()
  const left = fs.readdirSync(dir, { recursive: true }).map(String)
  expect(left.filter((name) => name.includes('backups') && name.endsWith('.sqlite'))).toEqual([])
})

it('names the episode a start could not prepare in the library’s notices, and goes on', async () => {
  const dir = tempFolder()
  const file = path.join(dir, 'episcore.sqlite')
  const setup = openDatabase(file)
  loadEpisodeDocument(setup, JSON.stringify(machineEpisode('broken-episode')))
  // What no edit writes (a tool's hand, a disk's damage): the view of the episode cannot be read.
  setup.prepare(`UPDATE participants SET extensions = '{' WHERE episode_id = ?`).run('broken-episode')
  setup.close()
  const session = new DatabaseSession(file, { files: new FileRefs(), peaks: new PeaksCache(dir) })
  const errors: unknown[][] = []
  const original = console.error
  console.error = (...args: unknown[]) => void errors.push(args)
  try {
    // The library may ask before the shell prepares (the app does once the page has loaded): asking prepares.
    const notices = await session.dispatch('library.notices', {})
    expect(session.prepareLastEpisode()).toBeNull()
    expect(await session.dispatch('library.notices', {})).toEqual(notices)
    expect(notices.ok && notices.value).toEqual([
      expect.stringMatching(
        /^At the start, the episode “⚡️Open Questions in Agentic RL — Will Brown \(Prime Intellect\)” \(broken-episode\) could not be prepared: .+\. The other episodes are not affected\.$/,
      ),
    ])
    expect(errors).toHaveLength(1)
    expect(String(errors[0]?.[0])).toMatch(
      /^episcore: the episode “.+” \(broken-episode\) could not be prepared: /,
    )
    // The library still opens.
    const list = await session.dispatch('episodes.list', {})
    expect(list.ok && (list.value as { id: string }[]).map((e) => e.id)).toEqual(['broken-episode'])
  } finally {
    console.error = original
    session.close()
  }
})
