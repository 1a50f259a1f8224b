import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { ServedMedia } from '../../src/core/media/mediaPath'
import { forgetsMedia, ServedMediaCache } from '../../src/core/media/servedMediaCache'
import { tempFolder } from '../tempFolder'

/** A media file on disk and a stand-in for the core that says where it is, counting how often asked. */
function setup() {
  const file = path.join(tempFolder(), 'episode.mp3')
  fs.writeFileSync(file, Buffer.alloc(4096, 7))
  let asked = 0
  let where = file
  const core = (): Promise<ServedMedia> => {
    asked++
    const stat = fs.statSync(where)
    return Promise.resolve({
      path: where,
      fileName: path.basename(where),
      sizeBytes: stat.size,
      mtimeMs: stat.mtimeMs,
    })
  }
  const cache = new ServedMediaCache(core)
  return { file, cache, asked: () => asked, moveTo: (other: string) => (where = other) }
}

describe('the shells’ keep of each episode’s media', () => {
  it('asks the core once, then answers every range request with a stat of the file', async () => {
    const { cache, asked, file } = setup()
    for (let i = 0; i < 5; i++) expect((await cache.media('e1')).path).toBe(file)
    expect(asked()).toBe(1)
  })

  it('asks again when the file’s size or modification time changed', async () => {
    const { cache, asked, file } = setup()
    await cache.media('e1')
    fs.appendFileSync(file, 'more')
    expect((await cache.media('e1')).size).toBe(4100)
    expect(asked()).toBe(2)
    fs.utimesSync(file, new Date(), new Date(Date.now() + 60_000))
    await cache.media('e1')
    expect(asked()).toBe(3)
  })

  it('forgets an episode after a relink (another file, the old one unchanged) and everything after a load or restore', async () => {
    const { cache, asked, file, moveTo } = setup()
    await cache.media('e1')
    const other = path.join(path.dirname(file), 'relinked.mp3')
    fs.copyFileSync(file, other)
    moveTo(other)
    // Kept: the old file is still there, unchanged.
    expect((await cache.media('e1')).path).toBe(file)
    expect(forgetsMedia('episodes.relinkMedia')).toBe('episode')
    cache.forget('e1')
    expect((await cache.media('e1')).path).toBe(other)
    expect(asked()).toBe(2)
    expect(forgetsMedia('episodes.load')).toBe('all')
    expect(forgetsMedia('backups.restore')).toBe('all')
    expect(forgetsMedia('chapters.update')).toBeNull()
  })
})
