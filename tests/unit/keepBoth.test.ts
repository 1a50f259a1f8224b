import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { deleteChapter, updateChapter } from '../../src/core/analysis/chapters'
import { setScore } from '../../src/core/analysis/scores'
import { openDatabase, type Db } from '../../src/core/db/openDatabase'
import { listEpisodes } from '../../src/core/episodes/episodeQueries'
import { updateEpisode } from '../../src/core/episodes/updateEpisode'
import { UserError } from '../../src/core/errors'
import { exportEpisode } from '../../src/core/export/exportEpisode'
import { loadEpisodeDocument } from '../../src/core/load/loadEpisode'
import { PeaksCache } from '../../src/core/media/peaksCache'
import { FileRefs } from '../../src/core/service/fileRefs'
import { createHandlers, dispatch } from '../../src/core/service/handlers'
import type { EpisodeDocument } from '../../src/shared/episodeFormat'
import { machineEpisode } from '../machineEpisode'
import { tempFolder } from '../tempFolder'

const freshDb = (): Db => openDatabase(path.join(tempFolder(), 'episcore.sqlite'))

const load = (db: Db, doc: EpisodeDocument, keepBoth = true) =>
  loadEpisodeDocument(db, JSON.stringify(doc), { keepBoth })

const ids = (db: Db): string[] => listEpisodes(db).map((e) => e.id)

/** The export without what only says when and by what it was written, nor which id it has. */
const content = (doc: EpisodeDocument): unknown => {
  const { exportedAt: _exportedAt, generator: _generator, ...rest } = doc
  return { ...rest, episode: { ...rest.episode, id: 'x' } }
}

describe('loading an episode whose id is taken, keeping both', () => {
  it('adds the second as <id>-2 and the third as <id>-3, each exported with its own id', () => {
    const db = freshDb()
    const doc = machineEpisode()
    const id = doc.episode.id
    expect(load(db, doc, false)).toEqual({ id, replaced: false })
    expect(load(db, doc)).toEqual({ id: `${id}-2`, replaced: false })
    expect(load(db, doc)).toEqual({ id: `${id}-3`, replaced: false })
    expect(ids(db).sort()).toEqual([id, `${id}-2`, `${id}-3`])
    for (const copy of [`${id}-2`, `${id}-3`]) {
      const exported = exportEpisode(db, copy)
      expect(exported.episode.id).toBe(copy)
      expect(content(exported)).toEqual(content(exportEpisode(db, id)))
    }
  })

  it('loads under the file’s own id when it is free', () => {
    const db = freshDb()
    expect(load(db, machineEpisode())).toEqual({ id: machineEpisode().episode.id, replaced: false })
  })

  it('takes the first id free, wherever a gap is', () => {
    const db = freshDb()
    const doc = machineEpisode('talk')
    load(db, doc, false)
    load(db, machineEpisode('talk-3'), false)
    expect(load(db, doc).id).toBe('talk-2')
    expect(load(db, doc).id).toBe('talk-4')
  })

  it('cuts a long id so the new one is at most 64 characters, and never reuses one', () => {
    const db = freshDb()
    const long = 'e'.repeat(62) + 'xy'
    const doc = machineEpisode(long.slice(0, 63))
    load(db, doc, false)
    // 63 + "-2" is 65: the base loses one character.
    expect(load(db, doc).id).toBe(`${'e'.repeat(62)}-2`)
    expect(load(db, doc).id).toBe(`${'e'.repeat(62)}-3`)
    const full = machineEpisode(long)
    load(db, full, false)
    expect(load(db, full).id).toBe(`${'e'.repeat(62)}-4`)
    for (let n = 5; n <= 10; n++) load(db, full)
    expect(ids(db)).toContain(`${'e'.repeat(61)}-10`)
    expect(new Set(ids(db)).size).toBe(ids(db).length)
    for (const id of ids(db)) expect(id.length).toBeLessThanOrEqual(64)
  })

  it('never leaves half of a character when it cuts', () => {
    const db = freshDb()
    // 🎙 is two UTF-16 units: cutting 64 units to 62 would split the last one.
    const doc = machineEpisode(`${'a'.repeat(61)}🎙x`)
    expect(doc.episode.id).toHaveLength(64)
    load(db, doc, false)
    const { id } = load(db, doc)
    expect(id).toBe(`${'a'.repeat(61)}-2`)
    expect(exportEpisode(db, id).episode.id).toBe(id)
  })

  it('keeps the copy apart from the original: an edit to one leaves the other as it was', () => {
    const db = freshDb()
    const doc = machineEpisode()
    const original = doc.episode.id
    load(db, doc, false)
    const { id: copy } = load(db, doc)
    const before = content(exportEpisode(db, original))

    updateEpisode(db, copy, { title: 'The second reviewer’s copy' })
    updateChapter(db, copy, 'c1', { title: 'Renamed in the copy' })
    setScore(db, copy, 'c2', 'guestDisagreement', { value: 9, reasoning: 'The copy disagrees.' })
    deleteChapter(db, copy, 'c3')
    expect(content(exportEpisode(db, original))).toEqual(before)

    const copied = exportEpisode(db, copy)
    expect(copied.episode.title).toBe('The second reviewer’s copy')
    expect(copied.chapters.map((c) => c.title)).toEqual(['Renamed in the copy', 'Verifiable rewards'])

    updateEpisode(db, original, { title: 'The first reviewer’s' })
    expect(exportEpisode(db, copy).episode.title).toBe('The second reviewer’s copy')
    expect(exportEpisode(db, copy).chapters).toEqual(copied.chapters)
  })

  it('refuses replace and keepBoth together, and loads nothing', async () => {
    const db = freshDb()
    const doc = machineEpisode()
    load(db, doc, false)
    let error: unknown
    try {
      loadEpisodeDocument(db, JSON.stringify(doc), { replace: true, keepBoth: true })
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(UserError)
    expect(error).toMatchObject({
      code: 'invalid-request',
      message: expect.stringMatching(/exclude each other/),
    })

    const files = new FileRefs()
    const handlers = createHandlers({ db, files, peaks: new PeaksCache(tempFolder()) })
    const file = path.join(tempFolder(), 'second.episode.json')
    fs.writeFileSync(file, JSON.stringify(doc))
    const ref = files.register(file)
    expect(await dispatch(handlers, 'episodes.load', { file: ref, replace: true, keepBoth: true })).toEqual({
      ok: false,
      error: {
        code: 'invalid-request',
        message:
          '/keepBoth: replace and keepBoth exclude each other: a load either overwrites the episode or keeps both',
      },
    })
    expect(ids(db)).toEqual([doc.episode.id])
    expect(await dispatch(handlers, 'episodes.load', { file: ref, keepBoth: true })).toEqual({
      ok: true,
      value: { id: `${doc.episode.id}-2`, replaced: false, warnings: [] },
    })
  })
})
