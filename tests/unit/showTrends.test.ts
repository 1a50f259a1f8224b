import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../../src/core/db/openDatabase'
import { loadEpisodeDocument } from '../../src/core/load/loadEpisode'
import { PeaksCache } from '../../src/core/media/peaksCache'
import { FileRefs } from '../../src/core/service/fileRefs'
import { createHandlers, dispatch } from '../../src/core/service/handlers'
import type { MethodName, RequestOf, ResponseOf } from '../../src/shared/contract'
import type { EpisodeDocument } from '../../src/shared/episodeFormat'
import type { Reply } from '../../src/shared/result'
import {
  SHOW,
  expectedAverages,
  expectedCount,
  expectedSeconds,
  otherShowEpisode,
  showEpisodes,
} from '../showEpisodes'
import { tempFolder } from '../tempFolder'

function library(docs: readonly EpisodeDocument[]): {
  db: Db
  call: <K extends MethodName>(method: K, request: RequestOf<K>) => Promise<Reply<ResponseOf<K>>>
} {
  const db = openDatabase(path.join(tempFolder(), 'episcore.sqlite'))
  for (const doc of docs) loadEpisodeDocument(db, JSON.stringify(doc))
  const handlers = createHandlers({ db, files: new FileRefs(), peaks: new PeaksCache(tempFolder()) })
  return {
    db,
    call: async (method, request) =>
      (await dispatch(handlers, method, request)) as Reply<ResponseOf<typeof method>>,
  }
}

async function trendsOf(
  call: ReturnType<typeof library>['call'],
  show = SHOW,
): Promise<ResponseOf<'library.showTrends'>> {
  const reply = await call('library.showTrends', { show })
  if (!reply.ok) throw new Error(reply.error.message)
  return reply.value
}

const byDate = (docs: readonly EpisodeDocument[]): EpisodeDocument[] =>
  [...docs].sort((a, b) => (a.episode.publishedOn ?? '').localeCompare(b.episode.publishedOn ?? ''))

describe("a show's trends", () => {
  it('places each episode by its date, with its weighted average and reasoning per dimension', async () => {
    const docs = showEpisodes()
    const { call } = library([...docs, otherShowEpisode()])
    const trends = await trendsOf(call)
    const ordered = byDate(docs)
    expect(trends.episodes.map((e) => e.id)).toEqual(ordered.map((d) => d.episode.id))
    expect(trends.episodes.map((e) => e.date)).toEqual(ordered.map((d) => d.episode.publishedOn))
    expect(new Set(trends.episodes.map((e) => e.dateFrom))).toEqual(new Set(['published']))
    for (const [i, doc] of ordered.entries()) {
      const episode = trends.episodes[i]
      expect(episode?.title).toBe(doc.episode.title)
      expect(episode?.averages).toEqual(expectedAverages(doc))
      // The reasoning of the longest chapter, under its title.
      const longest = [...doc.chapters].sort((a, b) => b.end - b.start - (a.end - a.start))[0]
      for (const key of Object.keys(expectedAverages(doc)))
        expect(episode?.reasoning[key]).toBe(`${longest?.title}: ${longest?.scores[key]?.reasoning}`)
    }
    expect(trends.dimensions.map((d) => d.label)).toEqual(
      expect.arrayContaining(docs[0]?.rubric.dimensions.map((d) => d.label) ?? []),
    )
  })

  it("sums each episode's speaking seconds per role from its transcript's segments", async () => {
    const docs = showEpisodes()
    const { call } = library(docs)
    const trends = await trendsOf(call)
    for (const doc of docs) {
      const seconds = expectedSeconds(doc)
      expect(trends.episodes.find((e) => e.id === doc.episode.id)?.speaking).toEqual({
        hostSeconds: seconds.host,
        guestSeconds: seconds.guest,
        otherSeconds: seconds.other,
      })
    }
  })

  it("counts the show's chapter scores at each value of the scale, and nothing of another show", async () => {
    const docs = showEpisodes()
    const { call } = library([...docs, otherShowEpisode()])
    const trends = await trendsOf(call)
    expect(trends.scale).toEqual(docs[0]?.rubric.scale)
    for (const { key } of docs[0]?.rubric.dimensions ?? []) {
      const bars = trends.distribution[key] ?? []
      expect(bars.map((b) => b.value)).toEqual(Array.from({ length: 11 }, (_, v) => v))
      for (const bar of bars)
        expect(bar.count, `${key} ${bar.value}`).toBe(expectedCount(docs, key, bar.value))
    }
  })

  it('counts no score hidden from a blind reviewer, neither in the distribution nor in a point', async () => {
    const docs = showEpisodes()
    const blind = docs[0] as EpisodeDocument
    blind.review.blind = true
    // The reviewer has taken the second chapter as it is: its scores are theirs to see.
    const seen = blind.chapters[1]
    if (seen) seen.status = 'accepted'
    const { call } = library(docs)
    const trends = await trendsOf(call)
    const episode = trends.episodes.find((e) => e.id === blind.episode.id)
    expect(episode?.averages).toEqual({})
    expect(episode?.reasoning).toEqual({})
    const counted = [...docs.slice(1), { ...blind, chapters: seen ? [seen] : [] }]
    for (const [key, bars] of Object.entries(trends.distribution))
      for (const bar of bars)
        expect(bar.count, `${key} ${bar.value}`).toBe(expectedCount(counted, key, bar.value))
  })

  it('leaves trashed episodes out, and lists the shows with their episode counts', async () => {
    const docs = showEpisodes()
    const { call } = library([...docs, otherShowEpisode()])
    const trashed = docs[1]?.episode.id ?? ''
    expect((await call('episodes.trash', { id: trashed })).ok).toBe(true)
    const trends = await trendsOf(call)
    expect(trends.episodes.map((e) => e.id)).not.toContain(trashed)
    expect(trends.episodes).toHaveLength(docs.length - 1)
    const total = Object.values(trends.distribution)[0]?.reduce((sum, b) => sum + b.count, 0)
    expect(total).toBe((docs.length - 1) * (docs[0]?.chapters.length ?? 0))
    const shows = await call('library.shows', {})
    expect(shows.ok && shows.value).toEqual([
      { name: otherShowEpisode().episode.show, episodeCount: 1 },
      { name: SHOW, episodeCount: docs.length - 1 },
    ])
  })

  it('refuses a show with no episode in the library, naming it, and a name longer than a show can have', async () => {
    const { call } = library(showEpisodes())
    const unknown = await call('library.showTrends', { show: 'No Such Show' })
    expect(unknown).toEqual({
      ok: false,
      error: { code: 'not-found', message: 'No episode of the show "No Such Show" is in the library' },
    })
    const long = await call('library.showTrends', { show: 'x'.repeat(201) })
    expect(long.ok || long.error.code).toBe('invalid-request')
  })

  it('places an episode with no publication day at the day it was added, and draws one episode alone', async () => {
    const [doc] = showEpisodes()
    if (!doc) throw new Error('no episode')
    doc.episode.publishedOn = null
    for (const c of doc.chapters) for (const s of Object.values(c.scores)) s.value = null
    const { call } = library([doc])
    const trends = await trendsOf(call)
    expect(trends.episodes).toHaveLength(1)
    expect(trends.episodes[0]?.dateFrom).toBe('added')
    expect(trends.episodes[0]?.date).toBe(new Date().toISOString().slice(0, 10))
    expect(trends.episodes[0]?.averages).toEqual({})
  })
})

describe('the speaking balance of a long show', () => {
  it("reads each speaker's segments from an index, never from the rows and their text", () => {
    const { db } = library(showEpisodes())
    const plan = (
      db
        .prepare(
          `EXPLAIN QUERY PLAN SELECT episode_id, speaker_id, sum(end - start) FROM transcript_segments
           WHERE episode_id = ? AND end > start GROUP BY episode_id, speaker_id`,
        )
        .all('latent-1') as { detail: string }[]
    ).map((row) => row.detail)
    expect(plan.join('\n')).toMatch(/USING COVERING INDEX transcript_segments_by_speaker/)
  })
})
