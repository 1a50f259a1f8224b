import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../../src/core/db/openDatabase'
import { backupOnOpen, listBackups, restoreBackup } from '../../src/core/db/backups'
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
  it('places each episode by its date, with its average (the mean of its scored chapters) and reasoning per dimension', async () => {
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
      // The reasoning of the longest chapter, under its title, asked for as a point is hovered.
      const longest = [...doc.chapters].sort((a, b) => b.end - b.start - (a.end - a.start))[0]
      for (const key of Object.keys(expectedAverages(doc))) {
        const reply = await call('library.pointReasoning', { id: doc.episode.id, dimension: key })
        expect(reply).toEqual({
          ok: true,
          value: { text: `${longest?.title}: ${longest?.scores[key]?.reasoning}` },
        })
      }
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
    for (const key of Object.keys(blind.chapters[0]?.scores ?? {}))
      expect(await call('library.pointReasoning', { id: blind.episode.id, dimension: key })).toEqual({
        ok: true,
        value: { text: '' },
      })
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

/** Each speaker's seconds as the segments say them now, beside what the triggers kept. */
function speakingKept(db: Db): { kept: unknown[]; summed: unknown[] } {
  const rows = (sql: string): unknown[] => db.prepare(sql).all()
  return {
    kept: rows(
      `SELECT episode_id, speaker_id, round(seconds, 3) AS seconds FROM derived_speaking_seconds
       WHERE round(seconds, 3) <> 0 ORDER BY 1, 2`,
    ),
    summed: rows(
      `SELECT episode_id, speaker_id, round(sum(end - start), 3) AS seconds FROM transcript_segments
       WHERE speaker_id IS NOT NULL AND end > start GROUP BY 1, 2 ORDER BY 1, 2`,
    ),
  }
}

describe('the speaking seconds a show page reads', () => {
  it('stay those of the segments through edits, a replacing load, a delete and a restore', async () => {
    const dir = tempFolder()
    const file = path.join(dir, 'library.sqlite')
    const db = openDatabase(file)
    const [first, second] = showEpisodes()
    for (const doc of showEpisodes()) loadEpisodeDocument(db, doc)
    const expectCurrent = (): void => {
      const { kept, summed } = speakingKept(db)
      expect(summed.length).toBeGreaterThan(0)
      expect(kept).toEqual(summed)
    }
    expectCurrent()
    // A segment moved, given to another speaker, its speaker taken away, deleted.
    db.prepare(`UPDATE transcript_segments SET end = end + 7.5 WHERE episode_id = ? AND id = 'answer'`).run(
      first?.episode.id,
    )
    db.prepare(
      `UPDATE transcript_segments SET speaker_id = 'swyx' WHERE episode_id = ? AND id = 'answer'`,
    ).run(second?.episode.id)
    db.prepare(`UPDATE transcript_segments SET speaker_id = NULL WHERE episode_id = ? AND id = 'seg1'`).run(
      first?.episode.id,
    )
    db.prepare(`DELETE FROM transcript_segments WHERE episode_id = ? AND id = 'seg1'`).run(second?.episode.id)
    expectCurrent()
    await backupOnOpen(db, file, new Date('2025-05-10T09:30:15Z'))
    // Loaded again in place of itself (the episode's rows deleted, then written), and one deleted whole.
    if (first) loadEpisodeDocument(db, first, { replace: true })
    db.prepare(`DELETE FROM episodes WHERE id = ?`).run(second?.episode.id)
    expectCurrent()
    db.close()

    const [backup] = listBackups(file)
    await restoreBackup(file, backup?.file ?? '', { now: new Date('2025-05-11T09:30:15Z') })
    const restored = openDatabase(file)
    const { kept, summed } = speakingKept(restored)
    expect(kept).toEqual(summed)
    expect(summed.some((row) => (row as { episode_id: string }).episode_id === second?.episode.id)).toBe(true)
    restored.close()
  })
})
