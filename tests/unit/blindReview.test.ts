import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../../src/core/db/openDatabase'
import { episodeView } from '../../src/core/episodes/episodeQueries'
import { UserError } from '../../src/core/errors'
import { exportEpisode } from '../../src/core/export/exportEpisode'
import { loadEpisodeDocument } from '../../src/core/load/loadEpisode'
import { PeaksCache } from '../../src/core/media/peaksCache'
import { FileRefs } from '../../src/core/service/fileRefs'
import { createHandlers, dispatch } from '../../src/core/service/handlers'
import type { EpisodeDocument } from '../../src/shared/episodeFormat'
import { validateEpisodeDocument } from '../../src/shared/validateEpisode'
import { machineEpisode } from '../machineEpisode'
import { tempFolder } from '../tempFolder'

const ID = 'agentic-rl-2025-05-09'

function library(doc: EpisodeDocument = machineEpisode()): {
  db: Db
  call: (method: 'review.setBlind' | 'history.undo' | 'history.redo', request: object) => Promise<unknown>
} {
  const db = openDatabase(path.join(tempFolder(), 'episcore.sqlite'))
  loadEpisodeDocument(db, JSON.stringify(doc))
  const handlers = createHandlers({ db, files: new FileRefs(), peaks: new PeaksCache(tempFolder()) })
  return {
    db,
    call: async (method, request) => {
      const reply = await dispatch(handlers, method, { id: ID, ...request })
      if (!reply.ok) throw new Error(reply.error.message)
      return reply.value
    },
  }
}

/** The file a reader gets: a JSON copy, `undefined` keys gone. */
const written = (db: Db): EpisodeDocument =>
  JSON.parse(JSON.stringify(exportEpisode(db, ID))) as EpisodeDocument

describe('scoring blind', () => {
  it('is one undoable edit of the analysis, shown in the view and written as review.blind', async () => {
    const { db, call } = library()
    expect(episodeView(db, ID).blind).toBe(false)
    await call('review.setBlind', { blind: true })
    const view = episodeView(db, ID)
    expect(view.blind).toBe(true)
    expect(view.history.undoLabel).toBe('Score blind')
    expect(written(db).review.blind).toBe(true)
    // The core hides nothing: the machine's scores stay whole for the export and the review report.
    expect(view.chapters[0]?.machineScores).toEqual(machineEpisode().chapters[0]?.scores)

    await call('history.undo', {})
    expect(episodeView(db, ID).blind).toBe(false)
    expect('blind' in written(db).review).toBe(false)
    await call('history.redo', {})
    expect(episodeView(db, ID).blind).toBe(true)

    await call('review.setBlind', { blind: false })
    expect(episodeView(db, ID).history.undoLabel).toBe('Stop scoring blind')
    // Chosen, then given up: the file says the scores were not made blind.
    expect(written(db).review.blind).toBe(false)
  })

  it('asking for what already holds leaves no step in the history', async () => {
    const { db, call } = library()
    await call('review.setBlind', { blind: false })
    expect(episodeView(db, ID).history.canUndo).toBe(false)
    await call('review.setBlind', { blind: true })
    await call('review.setBlind', { blind: true })
    await call('history.undo', {})
    expect(episodeView(db, ID).history.canUndo).toBe(false)
  })

  it('is refused for an analysis no machine scored', async () => {
    const doc = machineEpisode()
    const human = {
      ...doc,
      chapters: doc.chapters.map((c) => ({ ...c, origin: 'human' as const, status: 'accepted' as const })),
    }
    const { db, call } = library(human)
    await expect(call('review.setBlind', { blind: true })).rejects.toThrow(/nothing to score blind/)
    expect(episodeView(db, ID).blind).toBe(false)
  })

  it('round-trips exactly: absent stays absent, true and false come back as they were', () => {
    for (const blind of [undefined, true, false]) {
      const doc = machineEpisode()
      const given = { ...doc, review: { ...doc.review, ...(blind !== undefined && { blind }) } }
      const { db } = library(given)
      const back = written(db)
      expect(back.review).toEqual(JSON.parse(JSON.stringify(given.review)))
      expect(episodeView(db, ID).blind).toBe(blind === true)
      // A file the app wrote loads again as it was.
      const again = library(back)
      expect(written(again.db).review).toEqual(back.review)
    }
  })

  it('the format refuses a review.blind that is not a boolean, naming its path', () => {
    const doc = machineEpisode()
    const check = validateEpisodeDocument({ ...doc, review: { ...doc.review, blind: 'yes' } })
    expect(check.ok).toBe(false)
    if (check.ok) return
    expect(check.problems.map((p) => p.split(':')[0])).toContain('/review/blind')
    const db = openDatabase(path.join(tempFolder(), 'episcore.sqlite'))
    expect(() =>
      loadEpisodeDocument(db, JSON.stringify({ ...doc, review: { ...doc.review, blind: 1 } })),
    ).toThrow(UserError)
  })
})
