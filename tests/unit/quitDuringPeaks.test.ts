import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/core/db/openDatabase'
import { createEpisode } from '../../src/core/episodes/createEpisode'
import { peaksFolderBeside } from '../../src/core/media/peaksCache'
import type { CoreMessage } from '../../src/core/worker/coreMessages'
import { serveCore } from '../../src/core/worker/coreService'
import { longSpeechMp3 } from '../generateMedia'
import { tempFolder } from '../tempFolder'

/** This process's ffmpeg children, read from /proc (ended and reaped ones are gone from it). */
function ffmpegChildren(): number {
  let n = 0
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8')
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      if (ppid === process.pid && comm.startsWith('ffmpeg')) n++
    } catch {
      // Ended between the listing and the read.
    }
  }
  return n
}

describe('a quit while a waveform is being computed', () => {
  it.skipIf(process.platform !== 'linux')(
    'cancels the computation instead of waiting for it: the decoders end and no peaks are kept',
    async () => {
      const database = path.join(tempFolder(), 'library.sqlite')
      const db = openDatabase(database)
      const id = await createEpisode(db, { mediaPath: longSpeechMp3(20) })
      db.close()

      // The core as the shell talks to it, one message each way.
      const sent: CoreMessage[] = []
      let deliver: (message: unknown) => void = () => undefined
      let closed = false
      const session = serveCore(
        database,
        { send: (message) => sent.push(message), onMessage: (listener) => (deliver = listener) },
        { onClosed: () => (closed = true) },
      )
      expect(session).not.toBeNull()
      // The window asks for the peaks (twenty minutes of audio to decode), then the editor quits.
      deliver({ id: 1, kind: 'peaksFile', episodeId: id, level: 'overview' })
      const started = (): boolean => ffmpegChildren() > 0
      while (!started()) await new Promise((resolve) => setTimeout(resolve, 5))
      deliver({ id: 2, kind: 'close' })
      while (!closed) await new Promise((resolve) => setTimeout(resolve, 5))

      const replies = sent.filter((m): m is Extract<CoreMessage, { id: number }> => 'id' in m)
      expect(replies.find((r) => r.id === 2)).toEqual({ id: 2, ok: true, value: null })
      // The peaks were refused, not finished, and nothing half-made is taken for them.
      expect(replies.find((r) => r.id === 1)).toMatchObject({ ok: false })
      const peaks = peaksFolderBeside(database)
      const kept = fs.existsSync(peaks) ? fs.readdirSync(peaks).filter((f) => f.endsWith('.dat')) : []
      expect(kept).toEqual([])
      // Each was ended with a kill as the quit began: gone once the system has reaped it.
      const killed = Date.now()
      while (ffmpegChildren() > 0 && Date.now() - killed < 10_000)
        await new Promise((resolve) => setTimeout(resolve, 5))
      expect(ffmpegChildren()).toBe(0)
    },
    60_000,
  )
})
