import path from 'node:path'
import type { LibraryAnalysis } from '../../src/shared/agreement'
import type { Reply } from '../../src/shared/result'
import { describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../../src/core/db/openDatabase'
import { loadEpisodeDocument } from '../../src/core/load/loadEpisode'
import { PeaksCache } from '../../src/core/media/peaksCache'
import { FileRefs } from '../../src/core/service/fileRefs'
import { createHandlers, dispatch } from '../../src/core/service/handlers'
import type { EpisodeDocument } from '../../src/shared/episodeFormat'
import { machineEpisode } from '../machineEpisode'
import { tempFolder } from '../tempFolder'

/** A reviewer's copy of the machine's analysis, loaded under another id: their name, one chapter reviewed. */
function reviewersCopy(id: string, reviewer: string | null): EpisodeDocument {
  const doc = structuredClone(machineEpisode())
  doc.episode.id = id
  doc.review.reviewer = reviewer
  const first = doc.chapters[0]
  if (first) first.status = 'edited'
  return doc
}

/** Another episode without media, whose id only it has. */
function withoutMedia(id: string): EpisodeDocument {
  const doc = structuredClone(machineEpisode(id))
  doc.episode.media = null
  return doc
}

function library(...docs: EpisodeDocument[]): Db {
  const db = openDatabase(path.join(tempFolder(), 'episcore.sqlite'))
  for (const doc of docs) loadEpisodeDocument(db, JSON.stringify(doc))
  return db
}

const call = async (db: Db, method: string, request: unknown): Promise<unknown> => {
  const handlers = createHandlers({ db, files: new FileRefs(), peaks: new PeaksCache(tempFolder()) })
  return dispatch(handlers, method, request)
}

describe('the analyses of one episode in the library', () => {
  it('are those naming the same media, each with its reviewer and origin, whichever is asked from', async () => {
    const machine = machineEpisode()
    const db = library(machine, reviewersCopy('ada-pass', 'Ada'), withoutMedia('unrelated'))
    const expected = [
      {
        id: machine.episode.id,
        title: machine.episode.title,
        reviewer: null,
        origin: 'machine',
        reviewStatus: 'draft',
        consensus: false,
        name: `machine · original · ${machine.review.updatedAt.slice(0, 10)}`,
      },
      {
        id: 'ada-pass',
        title: machine.episode.title,
        reviewer: 'Ada',
        origin: 'human',
        reviewStatus: 'draft',
        consensus: false,
        // Named by who made it: a machine's run stays the machine's once a person reviewed some of it.
        name: `machine, reviewed by Ada · original · ${machine.review.updatedAt.slice(0, 10)}`,
      },
    ]
    expect(await call(db, 'episodes.analysesOf', { id: machine.episode.id })).toEqual({
      ok: true,
      value: expected,
    })
    expect(await call(db, 'episodes.analysesOf', { id: 'ada-pass' })).toEqual({ ok: true, value: expected })
    // What it lists is what agreement takes.
    const compared = (await call(db, 'episodes.agreement', { ids: expected.map((a) => a.id) })) as {
      ok: boolean
    }
    expect(compared.ok).toBe(true)
  })

  it('are the episode alone when it names no media, and a missing episode is said', async () => {
    const db = library(machineEpisode(), withoutMedia('unrelated'))
    const alone = (await call(db, 'episodes.analysesOf', { id: 'unrelated' })) as {
      value: { id: string }[]
    }
    expect(alone.value.map((a) => a.id)).toEqual(['unrelated'])
    expect(await call(db, 'episodes.analysesOf', { id: 'nowhere' })).toMatchObject({
      ok: false,
      error: { code: 'not-found' },
    })
  })
})

describe('a consensus among the analyses', () => {
  it('is named as one, beside the analyses it was built from', async () => {
    const machine = machineEpisode()
    const db = library(machine, reviewersCopy('ada-pass', 'Ada'))
    const built = (await call(db, 'consensus.build', { ids: [machine.episode.id, 'ada-pass'] })) as Reply<{
      id: string
    }>
    if (!built.ok) throw new Error(built.error.message)
    const reply = (await call(db, 'episodes.analysesOf', { id: 'ada-pass' })) as Reply<LibraryAnalysis[]>
    if (!reply.ok) throw new Error(reply.error.message)
    expect(reply.value.map((a) => [a.id, a.consensus])).toEqual([
      [machine.episode.id, false],
      ['ada-pass', false],
      [built.value.id, true],
    ])
  })
})
