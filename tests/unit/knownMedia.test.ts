import fs from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../../src/core/db/openDatabase'
import { episodeView } from '../../src/core/episodes/episodeQueries'
import { loadEpisodeFileOffThread } from '../../src/core/load/loadEpisode'
import { sha256File } from '../../src/core/media/hashFile'
import type { EpisodeDocument } from '../../src/shared/episodeFormat'
import { speechMp3 } from '../generateMedia'
import { machineEpisode } from '../machineEpisode'
import { tempFolder } from '../tempFolder'

/** Episode JSON with no items, 4 s long, naming media by hash only (as a pipeline writes it). */
function episodeFile(id: string, sha256: string | null, folder = tempFolder()): string {
  const doc: EpisodeDocument = machineEpisode(id)
  doc.episode.durationSeconds = 4
  doc.episode.media = sha256 === null ? null : { fileName: 'interview.mp3', sha256, kind: 'audio' }
  Object.assign(doc, {
    chapters: [],
    highlights: [],
    statements: [],
    transcript: null,
    speakingBalance: null,
  })
  const file = path.join(folder, `${id}.json`)
  fs.writeFileSync(file, JSON.stringify(doc))
  return file
}

const mediaOf = (db: Db, id: string): { available: boolean; fileName: string } | null => {
  const media = episodeView(db, id).media
  return media && { available: media.available, fileName: media.fileName }
}

describe('loading an episode whose media the library already links', () => {
  let source = ''
  let sha256 = ''
  beforeAll(async () => {
    source = speechMp3(4)
    sha256 = await sha256File(source)
  })

  /** A library where `first` links its own copy of the media, loaded with --media. */
  async function libraryWithMedia(): Promise<{ db: Db; media: string }> {
    const media = path.join(tempFolder(), 'season-1-interview.mp3')
    fs.copyFileSync(source, media)
    const db = openDatabase(path.join(tempFolder(), 'episcore.sqlite'))
    await loadEpisodeFileOffThread(db, episodeFile('first', null), { media })
    expect(mediaOf(db, 'first')).toEqual({ available: true, fileName: 'season-1-interview.mp3' })
    return { db, media }
  }

  it('links it at once: the episode opens with its media available, at the file the library knows', async () => {
    const { db, media } = await libraryWithMedia()
    const loaded = await loadEpisodeFileOffThread(db, episodeFile('second', sha256))
    expect(loaded).toEqual({
      id: 'second',
      replaced: false,
      warnings: [],
      linkedMedia: 'season-1-interview.mp3',
    })
    expect(mediaOf(db, 'second')).toEqual({ available: true, fileName: 'season-1-interview.mp3' })
    expect(db.prepare(`SELECT path, sha256 FROM media WHERE episode_id = 'second'`).get()).toEqual({
      path: media,
      sha256,
    })
    // Kept both, the copy is linked too; an episode naming other media is not.
    expect(
      await loadEpisodeFileOffThread(db, episodeFile('second', sha256), { keepBoth: true }),
    ).toMatchObject({ id: 'second-2', linkedMedia: 'season-1-interview.mp3' })
    const other = await loadEpisodeFileOffThread(db, episodeFile('other', 'cd'.repeat(32)))
    expect(other).toEqual({ id: 'other', replaced: false, warnings: [] })
    expect(mediaOf(db, 'other')).toEqual({ available: false, fileName: 'interview.mp3' })
  })

  it('links a file touched since (same content, another time), after hashing it again', async () => {
    const { db, media } = await libraryWithMedia()
    fs.utimesSync(media, new Date('2024-01-01'), new Date('2024-01-01'))
    expect(await loadEpisodeFileOffThread(db, episodeFile('second', sha256))).toMatchObject({
      linkedMedia: 'season-1-interview.mp3',
    })
    expect(mediaOf(db, 'second')?.available).toBe(true)
  })

  it('leaves the media missing when the known file is gone, or was changed on disk', async () => {
    const gone = await libraryWithMedia()
    fs.rmSync(gone.media)
    expect(await loadEpisodeFileOffThread(gone.db, episodeFile('second', sha256))).toEqual({
      id: 'second',
      replaced: false,
      warnings: [],
    })
    expect(mediaOf(gone.db, 'second')).toEqual({ available: false, fileName: 'interview.mp3' })

    // Other bytes of the same size (an edit in place): the hash tells them apart.
    const edited = await libraryWithMedia()
    const bytes = fs.readFileSync(edited.media)
    bytes[bytes.length >> 1] = (bytes[bytes.length >> 1] ?? 0) ^ 0xff
    fs.writeFileSync(edited.media, bytes)
    expect(await loadEpisodeFileOffThread(edited.db, episodeFile('second', sha256))).not.toHaveProperty(
      'linkedMedia',
    )
    expect(mediaOf(edited.db, 'second')).toEqual({ available: false, fileName: 'interview.mp3' })

    // Another size is other content: passed over.
    const grown = await libraryWithMedia()
    fs.appendFileSync(grown.media, Buffer.alloc(10))
    expect(await loadEpisodeFileOffThread(grown.db, episodeFile('second', sha256))).not.toHaveProperty(
      'linkedMedia',
    )
    expect(mediaOf(grown.db, 'second')?.available).toBe(false)
  })

  it("finds it in the file's own folder, where a pipeline writes its analysis beside the media", async () => {
    const db = openDatabase(path.join(tempFolder(), 'episcore.sqlite'))
    const folder = tempFolder()
    fs.copyFileSync(source, path.join(folder, 'interview.mp3'))
    expect(await loadEpisodeFileOffThread(db, episodeFile('beside', sha256, folder))).toEqual({
      id: 'beside',
      replaced: false,
      warnings: [],
      linkedMedia: 'interview.mp3',
    })
    expect(db.prepare(`SELECT path FROM media WHERE episode_id = 'beside'`).get()).toEqual({
      path: path.join(folder, 'interview.mp3'),
    })
    // The library's link found first after that: a second analysis elsewhere links the same file.
    expect(await loadEpisodeFileOffThread(db, episodeFile('again', sha256))).toMatchObject({
      linkedMedia: 'interview.mp3',
    })

    // A file of that name with other content is not the media the analysis was made of.
    const other = tempFolder()
    fs.copyFileSync(speechMp3(5), path.join(other, 'interview.mp3'))
    const fresh = openDatabase(path.join(tempFolder(), 'episcore.sqlite'))
    expect(await loadEpisodeFileOffThread(fresh, episodeFile('elsewhere', sha256, other))).not.toHaveProperty(
      'linkedMedia',
    )
    expect(mediaOf(fresh, 'elsewhere')?.available).toBe(false)
  })
})
