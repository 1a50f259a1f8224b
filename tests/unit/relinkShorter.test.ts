import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/core/db/openDatabase'
import { PeaksCache } from '../../src/core/media/peaksCache'
import { FileRefs } from '../../src/core/service/fileRefs'
import { createHandlers, dispatch } from '../../src/core/service/handlers'
import {
  publishFormatSchema,
  transcriptExportFormatSchema,
  type EpisodeView,
} from '../../src/shared/contract'
import type { Reply } from '../../src/shared/result'
import { speechMp3 } from '../generateMedia'
import { tempFolder } from '../tempFolder'

describe('relinking an episode to other media', () => {
  it('refuses media shorter than what the episode holds, naming its length and each item past it, changing nothing; every export answers after a longer one', async () => {
    const dir = tempFolder()
    const db = openDatabase(path.join(dir, 'db.sqlite'))
    const files = new FileRefs()
    const handlers = createHandlers({ db, files, peaks: new PeaksCache(path.join(dir, 'peaks')) })
    const call = async <T>(method: string, request: object): Promise<T> => {
      const reply = (await dispatch(handlers, method, request)) as Reply<T>
      if (!reply.ok) throw new Error(`${method}: ${reply.error.code}: ${reply.error.message}`)
      return reply.value
    }
    const { id } = await call<{ id: string }>('episodes.create', {
      media: files.register(speechMp3(8)),
      transcript: undefined,
    })
    const made = await call<{ view: EpisodeView }>('chapters.split', { id, at: 3 })
    const [, late] = made.view.chapters
    await call('chapters.update', { id, chapterId: late?.id, patch: { title: 'The end' } })
    await call('statements.create', { id, start: 1, end: 2, title: 'Early claim' })
    await call('statements.create', { id, start: 4.5, end: 6.25, title: 'Late claim' })
    const dimension = made.view.rubric.dimensions[0]?.key
    await call('highlights.set', { id, dimension, time: 5.5, title: 'Late moment' })
    const before = await call<EpisodeView>('episodes.open', { id })

    const refused = await dispatch(handlers, 'episodes.relinkMedia', {
      id,
      media: files.register(speechMp3(4)),
    })

    expect(refused.ok).toBe(false)
    const message = refused.ok ? '' : refused.error.message
    expect(refused.ok ? null : refused.error.code).toBe('invalid-input')
    expect(message).toMatch(/^speech-4s\.mp3 is 0:04\.\d{3} long, shorter than what the episode holds: /)
    expect(message).toContain('chapter 2 "The end" (ends at 0:08.')
    expect(message).toContain('statement "Late claim" (ends at 0:06.250)')
    expect(message).toContain('highlight "Late moment" (at 0:05.500)')
    expect(message).not.toContain('Early claim')
    expect(message).toMatch(/nothing was changed$/)
    expect(await call<EpisodeView>('episodes.open', { id })).toEqual(before)

    // Longer media is taken; every export of the episode then answers, none with `internal`.
    await call('episodes.relinkMedia', { id, media: files.register(speechMp3(10)) })
    for (const format of publishFormatSchema.options) {
      const reply = await dispatch(handlers, 'episodes.exportAs', { id, format })
      expect(reply.ok ? 'ok' : reply.error.code, format).not.toBe('internal')
    }
    for (const format of transcriptExportFormatSchema.options) {
      const reply = await dispatch(handlers, 'transcript.export', { id, format })
      expect(reply.ok ? 'ok' : reply.error.code, format).not.toBe('internal')
    }
    expect((await dispatch(handlers, 'episodes.export', { id })).ok).toBe(true)
    db.close()
  }, 60_000)
})
