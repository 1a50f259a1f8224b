import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/core/db/openDatabase'
import { createEpisode } from '../../src/core/episodes/createEpisode'
import { PeaksCache } from '../../src/core/media/peaksCache'
import { speechMp3 } from '../generateMedia'
import { tempFolder } from '../tempFolder'

/** The decoders this process runs now: its ffmpeg children, read from /proc. */
function ffmpegChildren(): number {
  let n = 0
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8')
      // pid (comm) state ppid …: comm may hold spaces, so read past its closing parenthesis.
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      if (ppid === process.pid && comm.startsWith('ffmpeg')) n++
    } catch {
      // Ended between the listing and the read.
    }
  }
  return n
}

describe('peaks for many episodes at once', () => {
  it.skipIf(process.platform !== 'linux')(
    'share one pool of at most as many decoder processes as cores, and all finish; one cancelled while it waits never starts',
    async () => {
      const cores = os.availableParallelism()
      const dir = tempFolder()
      const db = openDatabase(path.join(dir, 'db.sqlite'))
      const ids: string[] = []
      // Different lengths: different content, so one job each.
      for (let i = 0; i < cores + 3; i++) ids.push(await createEpisode(db, { mediaPath: speechMp3(30 + i) }))
      const cache = new PeaksCache(path.join(dir, 'peaks'))

      let most = 0
      const watch = setInterval(() => (most = Math.max(most, ffmpegChildren())), 5)
      try {
        for (const id of ids) expect(cache.status(db, id, 'start')).toMatchObject({ state: 'computing' })
        // The last one waits for a slot: cancelled there, it never starts.
        const last = ids.pop() ?? ''
        expect(cache.cancel(db, last)).toEqual({ state: 'cancelled' })
        await Promise.all(ids.map((id) => cache.fileForEpisode(db, id)))
        expect(cache.status(db, last, 'peek')).toEqual({ state: 'cancelled' })
      } finally {
        clearInterval(watch)
      }

      for (const id of ids) expect(cache.status(db, id, 'peek')).toEqual({ state: 'ready' })
      expect(most).toBeGreaterThan(0)
      expect(most).toBeLessThanOrEqual(cores)
      db.close()
    },
    120_000,
  )
})
