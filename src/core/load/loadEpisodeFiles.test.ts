import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { machineEpisode } from '../../../tests/machineEpisode'
import { tempFolder } from '../../../tests/tempFolder'
import { openDatabase } from '../db/openDatabase'
import { exportEpisode } from '../export/exportEpisode'
import { PeaksCache } from '../media/peaksCache'
import { FileRefs } from '../service/fileRefs'
import { createHandlers, dispatch } from '../service/handlers'
import type { ResponseOf } from '../../shared/contract'
import { loadEpisodeFiles } from './loadEpisode'

/** `count` episode files in a folder of their own, each its own id and title; the third one broken. */
function episodeFiles(count: number): string[] {
  const dir = tempFolder()
  return Array.from({ length: count }, (_, i) => {
    const file = path.join(dir, `episode-${i}.json`)
    const doc = machineEpisode(`episode-${i}`)
    doc.episode.title = `Episode ${i}`
    fs.writeFileSync(file, i === 2 ? '{"format": "episode-json", ' : JSON.stringify(doc))
    return file
  })
}

describe('loading several episode files at once', () => {
  it('loads each on its own, in order, a broken one refused in its place with the reason', async () => {
    // Past the count from which the next files are read and checked ahead of the one written.
    for (const count of [3, 12]) {
      const db = openDatabase(path.join(tempFolder(), 'library.sqlite'))
      const files = episodeFiles(count)
      const results = await loadEpisodeFiles(db, files)
      expect(results.map((r) => (r.ok ? r.id : r.error.code))).toEqual(
        files.map((_, i) => (i === 2 ? 'invalid-input' : `episode-${i}`)),
      )
      const broken = results[2]
      expect(broken?.ok === false && broken.error.message).toMatch(/episode-2\.json/)
      const titles = db.prepare(`SELECT id, title FROM episodes ORDER BY title`).all()
      expect(titles).toHaveLength(count - 1)
      // Each is the document it was: exported again, it has what the file had.
      expect(exportEpisode(db, 'episode-1').episode.title).toBe('Episode 1')
      db.close()
    }
  })

  it('refuses a file gone, or not UTF-8, in its place with its name, read where the files are checked', async () => {
    const db = openDatabase(path.join(tempFolder(), 'library.sqlite'))
    // Enough files to be read and checked on the loading thread.
    const files = episodeFiles(12)
    fs.rmSync(files[5] as string)
    fs.writeFileSync(files[7] as string, Buffer.from([0x7b, 0xff, 0xfe, 0x7d]))
    const results = await loadEpisodeFiles(db, files)
    const refused = results.flatMap((r, i) => (r.ok ? [] : [[i, r.error.message]]))
    expect(refused.map(([i]) => i)).toEqual([2, 5, 7])
    expect(refused[1]?.[1]).toMatch(/episode-5\.json.*not found|not found.*episode-5\.json/)
    expect(refused[2]?.[1]).toMatch(/episode-7\.json is not UTF-8/)
    expect(db.prepare(`SELECT count(*) AS n FROM episodes`).get()).toEqual({ n: 9 })
    db.close()
  })

  it('answers episodes.loadMany through the contract: a conflict at its place, then keep-both', async () => {
    const db = openDatabase(path.join(tempFolder(), 'library.sqlite'))
    const files = new FileRefs()
    const handlers = createHandlers({ db, files, peaks: new PeaksCache(tempFolder()) })
    const [first, second] = episodeFiles(2) as [string, string]
    const once = await dispatch(handlers, 'episodes.loadMany', { files: [files.register(first)] })
    expect(once.ok).toBe(true)
    const twice = await dispatch(handlers, 'episodes.loadMany', {
      files: [files.register(first), files.register(second)],
    })
    if (!twice.ok) throw new Error(twice.error.message)
    expect(
      (twice.value as ResponseOf<'episodes.loadMany'>).results.map((r) => (r.ok ? r.id : r.error.code)),
    ).toEqual(['conflict', 'episode-1'])
    const both = await dispatch(handlers, 'episodes.loadMany', {
      files: [files.register(first)],
      keepBoth: true,
    })
    if (!both.ok) throw new Error(both.error.message)
    expect((both.value as ResponseOf<'episodes.loadMany'>).results.map((r) => r.ok && r.id)).toEqual([
      'episode-0-2',
    ])
    // The request itself is checked where it enters: no files, or replace with keep-both.
    const none = await dispatch(handlers, 'episodes.loadMany', { files: [] })
    expect(none.ok || none.error.message).toMatch(/files/)
    const contradictory = await dispatch(handlers, 'episodes.loadMany', {
      files: [files.register(first)],
      replace: true,
      keepBoth: true,
    })
    expect(contradictory.ok || contradictory.error.message).toMatch(/exclude each other/)
    db.close()
  })
})
