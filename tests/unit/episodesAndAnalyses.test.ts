import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/core/db/openDatabase'
import {
  countedAnalysis,
  groupIntoEpisodes,
  summaryOf,
  type AnalysisFacts,
} from '../../src/core/library/episodeGroups'
import { loadEpisodeDocument } from '../../src/core/load/loadEpisode'
import { PeaksCache } from '../../src/core/media/peaksCache'
import { FileRefs } from '../../src/core/service/fileRefs'
import { createHandlers, dispatch } from '../../src/core/service/handlers'
import type { MethodName, RequestOf, ResponseOf } from '../../src/shared/contract'
import type { EpisodeDocument } from '../../src/shared/episodeFormat'
import { machineEpisode } from '../machineEpisode'
import { tempFolder } from '../tempFolder'

/** An analysis's facts: a machine's untouched run of media `sha`, unless `change` says otherwise. */
function facts(id: string, change: Partial<AnalysisFacts> = {}): AnalysisFacts {
  return {
    id,
    title: 'Talk',
    show: 'show',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    sha256: 'a'.repeat(64),
    reviewer: null,
    reviewStatus: 'draft',
    consensusOf: null,
    copyOf: null,
    machineItems: 10,
    personItems: 0,
    ...change,
  }
}

const ids = (groups: AnalysisFacts[][]): string[][] => groups.map((g) => g.map((f) => f.id))

describe('analyses grouped into episodes', () => {
  it('puts analyses of the same media in one episode, in the order they came, the first naming it', () => {
    const groups = groupIntoEpisodes([
      facts('talk'),
      facts('other', { sha256: 'b'.repeat(64) }),
      facts('talk-2'),
      facts('ada'),
    ])
    expect(ids(groups)).toEqual([['talk', 'talk-2', 'ada'], ['other']])
  })

  it('keeps an analysis naming no media alone, unless it is a copy or a consensus of another', () => {
    const groups = groupIntoEpisodes([
      facts('a', { sha256: null }),
      facts('b', { sha256: null }),
      facts('a-2', { sha256: null, copyOf: 'a' }),
      facts('a-3', { sha256: null, consensusOf: ['a-2', 'a'] }),
      // A copy of a copy is of the original's episode too.
      facts('a-4', { sha256: null, copyOf: 'a-2' }),
    ])
    expect(ids(groups)).toEqual([['a', 'a-2', 'a-3', 'a-4'], ['b']])
  })

  it('does not join a "copy" whose media differ from what it claims to copy: media say the episode', () => {
    const groups = groupIntoEpisodes([facts('a'), facts('a-2', { sha256: 'c'.repeat(64), copyOf: 'a' })])
    expect(ids(groups)).toEqual([['a'], ['a-2']])
  })
})

describe("an analysis's name", () => {
  it('says who made it, what it is and its day: a machine run stays the machine’s once a person takes it up', () => {
    const all = [
      facts('run', { updatedAt: '2026-01-01T09:00:00.000Z' }),
      facts('run-2', { copyOf: 'run', reviewer: 'Ada', updatedAt: '2026-01-03T09:00:00.000Z' }),
      facts('bob', {
        machineItems: 0,
        personItems: 5,
        reviewer: 'Bob',
        updatedAt: '2026-01-04T09:00:00.000Z',
      }),
      facts('mix', { machineItems: 0, personItems: 5, consensusOf: ['run', 'bob'], reviewer: 'Cy' }),
      facts('lost', { copyOf: 'gone' }),
    ]
    const byId = new Map(all.map((f) => [f.id, f]))
    expect(all.map((f) => summaryOf(f, byId).name)).toEqual([
      'machine · original · 2026-01-01',
      'machine, reviewed by Ada · copy of machine, 2026-01-01 · 2026-01-03',
      'Bob · original · 2026-01-04',
      'Cy · consensus · 2026-01-01',
      'machine · copy · 2026-01-01',
    ])
  })
})

describe('the analysis an episode counts through', () => {
  const machine = facts('machine')
  const reviewed = facts('machine-2', {
    copyOf: 'machine',
    personItems: 4,
    reviewer: 'Ada',
    updatedAt: '2026-02-01T00:00:00.000Z',
  })
  const bob = facts('bob', {
    machineItems: 0,
    personItems: 12,
    reviewer: 'Bob',
    updatedAt: '2026-03-01T00:00:00.000Z',
  })
  const final = facts('carol', {
    machineItems: 0,
    personItems: 12,
    reviewer: 'Carol',
    reviewStatus: 'final',
    updatedAt: '2026-01-15T00:00:00.000Z',
  })
  const consensus = facts('bob-2', { machineItems: 0, personItems: 12, consensusOf: ['bob', 'carol'] })

  it('is the consensus, else the final reviewed one, else the latest a person edited, else the machine’s', () => {
    expect(countedAnalysis([machine, reviewed, bob, final, consensus])).toEqual({
      id: 'bob-2',
      because: 'consensus',
    })
    expect(countedAnalysis([machine, reviewed, bob, final])).toEqual({ id: 'carol', because: 'final' })
    expect(countedAnalysis([machine, reviewed, bob])).toEqual({ id: 'bob', because: 'person' })
    expect(countedAnalysis([machine, reviewed])).toEqual({ id: 'machine-2', because: 'person' })
    expect(countedAnalysis([machine, facts('machine-2', { copyOf: 'machine' })])).toEqual({
      id: 'machine',
      because: 'machine',
    })
    expect(countedAnalysis([bob])).toEqual({ id: 'bob', because: 'only' })
  })

  it("follows the show's choice where the episode has such an analysis, else the rule", () => {
    const all = [machine, reviewed, bob, final, consensus]
    expect(countedAnalysis(all, 'machine')).toEqual({ id: 'machine', because: 'chosen' })
    expect(countedAnalysis(all, { reviewer: 'bob' })).toEqual({ id: 'bob', because: 'chosen' })
    expect(countedAnalysis([bob, final], 'machine')).toEqual({ id: 'carol', because: 'final' })
  })
})

function library(...docs: EpisodeDocument[]) {
  const db = openDatabase(path.join(tempFolder(), 'episcore.sqlite'))
  for (const doc of docs) loadEpisodeDocument(db, doc, { keepBoth: true })
  const handlers = createHandlers({ db, files: new FileRefs(), peaks: new PeaksCache(tempFolder()) })
  const call = async <K extends MethodName>(method: K, request: RequestOf<K>): Promise<ResponseOf<K>> => {
    const reply = await dispatch(handlers, method, request)
    if (!reply.ok) throw new Error(`${method}: ${reply.error.message}`)
    return reply.value as never
  }
  return { db, call }
}

/** A reviewer's own analysis of the machine episode's media: every item made by a person. */
function reviewersAnalysis(id: string, reviewer: string, shift: number, status: 'draft' | 'final' = 'draft') {
  const doc = structuredClone(machineEpisode(id))
  doc.review = { status, reviewer, updatedAt: '2026-03-01T10:00:00.000Z' }
  for (const c of doc.chapters) {
    c.origin = 'human'
    c.status = 'edited'
    for (const score of Object.values(c.scores))
      if (score.value !== null) score.value = Math.max(0, Math.min(10, score.value + shift))
  }
  for (const s of doc.statements) Object.assign(s, { origin: 'human', status: 'edited' })
  for (const h of doc.highlights) Object.assign(h, { origin: 'human', status: 'edited' })
  return doc
}

const countedRows = (rows: ResponseOf<'episodes.list'>) => rows.filter((r) => r.counted)

describe("the library's episodes", () => {
  it('lists each analysis with its episode, names it, and counts the episode once, through the consensus', async () => {
    const { db, call } = library(machineEpisode('talk'), machineEpisode('talk'))
    const { id: duplicate } = await call('episodes.duplicate', { id: 'talk' })
    loadEpisodeDocument(db, reviewersAnalysis('ada', 'Ada', 1))
    loadEpisodeDocument(db, reviewersAnalysis('bob', 'Bob', -1))
    let rows = await call('episodes.list', {})
    expect(rows).toHaveLength(5)
    expect(new Set(rows.map((r) => r.episode))).toEqual(new Set(['talk']))
    expect(countedRows(rows).map((r) => r.id)).toEqual(['bob'])
    const byId = new Map(rows.map((r) => [r.id, r]))
    const day = (id: string): string => byId.get(id)?.updatedAt.slice(0, 10) ?? '?'
    expect(byId.get('talk')?.analysis.name).toBe(`machine · original · ${day('talk')}`)
    expect(byId.get('talk-2')?.analysis).toMatchObject({
      kind: 'copy',
      copyOf: 'talk',
      name: `machine · copy of machine, ${day('talk')} · ${day('talk-2')}`,
    })
    expect(byId.get(duplicate)?.title).toBe(`${machineEpisode('talk').episode.title} (copy)`)
    expect(byId.get('ada')?.analysis.name).toBe(`Ada · original · ${day('ada')}`)

    // A person reviews the machine's run: it stays the machine's, reviewed by them.
    await call('reviewer.set', { name: 'Dee' })
    const view = await call('episodes.open', { id: 'talk' })
    const chapter = view.chapters[0]
    if (!chapter) throw new Error('no chapter')
    await call('review.accept', { id: 'talk', kind: 'chapter', itemId: chapter.id })
    rows = await call('episodes.list', {})
    const talk = rows.find((r) => r.id === 'talk')
    expect(talk?.analysis).toMatchObject({ maker: 'machine', reviewedByPerson: true })
    expect(talk?.analysis.name).toMatch(/^machine, reviewed by Dee · original · /)

    const { id: consensus } = await call('consensus.build', { ids: ['ada', 'bob'] })
    rows = await call('episodes.list', {})
    expect(countedRows(rows).map((r) => [r.id, r.countedBecause])).toEqual([[consensus, 'consensus']])
    expect(rows.find((r) => r.id === consensus)?.analysis).toMatchObject({ kind: 'consensus', copyOf: null })
    expect(rows.find((r) => r.id === consensus)?.analysis.name).toMatch(/ · consensus · /)
    for (const r of rows) expect(r.analysis.name).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/)
  }, 60_000)

  it("draws the show's episode once, through the analysis counted, and follows the show's choice", async () => {
    const talk = machineEpisode('talk')
    const { call } = library(talk, machineEpisode('talk'), reviewersAnalysis('ada', 'Ada', 3, 'final'))
    const show = talk.episode.show
    expect((await call('library.shows', {})).find((s) => s.name === show)?.episodeCount).toBe(1)
    let trends = await call('library.showTrends', { show })
    expect(trends.episodes.map((e) => [e.id, e.episode, e.analysisCount, e.counted.because])).toEqual([
      ['ada', 'talk', 3, 'final'],
    ])
    expect(trends.episodes[0]?.counted.name).toMatch(/^Ada · original · /)
    expect(trends.reviewers).toEqual(['Ada'])
    // The distribution counts the counted analysis's chapter scores only: one per chapter and dimension.
    const key = trends.dimensions[0]?.key ?? ''
    const scored = talk.chapters.filter((c) => c.scores[key]?.value != null).length
    expect(trends.distribution[key]?.reduce((n, bar) => n + bar.count, 0)).toBe(scored)

    trends = await call('library.setCountedAnalysis', { show, choice: 'machine' })
    expect(trends.choice).toBe('machine')
    expect(trends.episodes.map((e) => [e.id, e.counted.because])).toEqual([['talk', 'chosen']])
    // Kept in the library: read again, and in the library's rows.
    expect((await call('library.showTrends', { show })).episodes[0]?.id).toBe('talk')
    expect(countedRows(await call('episodes.list', {})).map((r) => r.id)).toEqual(['talk'])
    trends = await call('library.setCountedAnalysis', { show, choice: 'rule' })
    expect(trends.episodes[0]?.id).toBe('ada')
    expect((await call('preferences.get', {})).countedAnalysis).toEqual({})
  }, 60_000)
})
