import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/core/db/openDatabase'
import { loadEpisodeDocument } from '../../src/core/load/loadEpisode'
import { PeaksCache } from '../../src/core/media/peaksCache'
import { FileRefs } from '../../src/core/service/fileRefs'
import { createHandlers, dispatch } from '../../src/core/service/handlers'
import type { MethodName, RequestOf, ResponseOf } from '../../src/shared/contract'
import type { EpisodeDocument } from '../../src/shared/episodeFormat'
import { SEED_DIMENSIONS } from '../../src/shared/rubric'
import { machineEpisode } from '../machineEpisode'
import { tempFolder } from '../tempFolder'

function library(...docs: EpisodeDocument[]) {
  const db = openDatabase(path.join(tempFolder(), 'episcore.sqlite'))
  for (const doc of docs) loadEpisodeDocument(db, doc)
  const handlers = createHandlers({ db, files: new FileRefs(), peaks: new PeaksCache(tempFolder()) })
  return async <K extends MethodName>(method: K, request: RequestOf<K>): Promise<ResponseOf<K>> => {
    const reply = await dispatch(handlers, method, request)
    if (!reply.ok) throw new Error(`${method}: ${reply.error.message}`)
    return reply.value as never
  }
}

function copyOf(id: string, change: (doc: EpisodeDocument) => void = () => undefined): EpisodeDocument {
  const doc = structuredClone(machineEpisode(id))
  change(doc)
  return doc
}

const [first, second] = SEED_DIMENSIONS.map((d) => d.key)

describe("the library table's averages", () => {
  it('takes the plain mean of the scored chapters, the number the export and the published page give', async () => {
    const doc = machineEpisode()
    const call = library(doc)
    const [row] = await call('episodes.list', {})
    const values = doc.chapters.map((c) => c.scores[first!]!.value!)
    const mean = values.reduce((sum, v) => sum + v, 0) / values.length
    expect(row?.averages[first!]).toBe(Math.round(mean * 10) / 10)
    // The export's scoreSummary (what the Chapters table, the Charts tab and the published page show).
    expect(row?.averages[first!]).toBe(doc.scoreSummary[first!])
    // Not a mean weighted by the chapters' lengths, which the library once took (1.5 where the page read 1.3).
    const weighted =
      doc.chapters.reduce((sum, c) => sum + c.scores[first!]!.value! * (c.end - c.start), 0) /
      doc.chapters.reduce((sum, c) => sum + (c.end - c.start), 0)
    expect(row?.averages[first!]).not.toBe(Math.round(weighted * 10) / 10)
  })

  it('follows an edit of a score and leaves out a dimension nobody scored', async () => {
    const doc = copyOf('ep', (d) => {
      for (const c of d.chapters) c.scores[second!] = { value: null, reasoning: '' }
    })
    const call = library(doc)
    expect(Object.keys((await call('episodes.list', {}))[0]!.averages)).not.toContain(second)
    for (const c of doc.chapters)
      await call('scores.set', { id: 'ep', chapterId: c.id, dimension: first!, value: 9 })
    expect((await call('episodes.list', {}))[0]?.averages[first!]).toBe(9)
  })

  it('waits while a reviewer scores blind, as the editor hides the machine scores', async () => {
    const call = library(copyOf('ep'))
    await call('review.setBlind', { id: 'ep', blind: true })
    expect((await call('episodes.list', {}))[0]?.averages).toEqual({})
    // Rated everywhere: the average is the reviewer's own again.
    for (const c of machineEpisode().chapters)
      await call('scores.set', { id: 'ep', chapterId: c.id, dimension: first!, value: 4 })
    expect((await call('episodes.list', {}))[0]?.averages).toEqual({ [first!]: 4 })
  })

  it("names each dimension key by most episodes' label and counts where it is used", async () => {
    const renamed = (id: string) =>
      copyOf(id, (d) => {
        const dimension = d.rubric.dimensions.find((x) => x.key === first)
        if (dimension) dimension.label = 'Pushback'
      })
    const call = library(renamed('a'), renamed('b'), copyOf('c'))
    const dimensions = await call('library.dimensions', {})
    expect(dimensions.find((d) => d.key === first)).toEqual({
      key: first,
      label: 'Pushback',
      episodeCount: 3,
    })
    expect(dimensions.map((d) => d.key).sort()).toEqual(SEED_DIMENSIONS.map((d) => d.key).sort())
  })

  it('leaves trashed episodes out of the rows and of the columns', async () => {
    const onlyHere = copyOf('b', (d) => {
      d.rubric.dimensions.push({ key: 'humour', label: 'Humour', description: '', highlightLabel: '' })
      for (const c of d.chapters) c.scores.humour = { value: 6, reasoning: 'jokes' }
    })
    const call = library(copyOf('a'), onlyHere)
    expect((await call('library.dimensions', {})).map((d) => d.key)).toContain('humour')
    await call('episodes.trash', { id: 'b' })
    expect((await call('episodes.list', {})).map((e) => e.id)).toEqual(['a'])
    expect((await call('library.dimensions', {})).map((d) => d.key)).not.toContain('humour')
  })

  it('names the reviewer and the last edit of each row', async () => {
    const call = library(copyOf('a', (d) => (d.review.reviewer = 'Ada')))
    const before = (await call('episodes.list', {}))[0]!
    expect(before.reviewer).toBe('Ada')
    await call('episodes.update', { id: 'a', patch: { title: 'Renamed' } })
    const after = (await call('episodes.list', {}))[0]!
    expect(Date.parse(after.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt))
  })
})
