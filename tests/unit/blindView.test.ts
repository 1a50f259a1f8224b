import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../../src/core/db/openDatabase'
import { episodeView } from '../../src/core/episodes/episodeQueries'
import { acceptItem } from '../../src/core/review/reviewItems'
import { setBlind } from '../../src/core/review/blindReview'
import { setScore } from '../../src/core/analysis/scores'
import { loadEpisodeDocument } from '../../src/core/load/loadEpisode'
import { blindView, scoreDifference } from '../../src/shared/blindView'
import { findProblems } from '../../src/shared/problems'
import { machineEpisode } from '../machineEpisode'
import { tempFolder } from '../tempFolder'

const ID = 'agentic-rl-2025-05-09'

function blindEpisode(): Db {
  const db = openDatabase(path.join(tempFolder(), 'episcore.sqlite'))
  loadEpisodeDocument(db, JSON.stringify(machineEpisode()))
  setBlind(db, ID, true)
  return db
}

/** Every text the window could draw from a view: if a machine reasoning is not in it, it is nowhere. */
const everything = (value: unknown): string => JSON.stringify(value)

describe('what a reviewer scoring blind is shown', () => {
  it('nothing of a machine score, its reasoning or its highlight until the cell is rated', () => {
    const db = blindEpisode()
    const seen = blindView(episodeView(db, ID), new Set())
    const text = everything(seen)
    for (const why of ['opening', 'rewards', 'advice']) expect(text).not.toContain(`${why} (`)
    expect(text).not.toContain('Rewards are not the bottleneck')
    expect(seen.chapters.every((c) => Object.values(c.scores).every((s) => s.value === null))).toBe(true)
    expect(seen.chapters[0]?.hiddenScores).toEqual([
      'hostsInformedPeer',
      'guestTeaching',
      'guestDisagreement',
      'hostsPushingBack',
    ])
    // The means would carry the hidden numbers: they wait with them.
    expect(Object.values(seen.scoreSummary)).toEqual([null, null, null, null])
    // The problems say what is left to score, not what the machine said.
    const problems = findProblems(seen).map((p) => p.message)
    expect(problems.some((m) => m.includes('is not given'))).toBe(true)
    expect(everything(problems)).not.toMatch(/opening \(|\(7\)/)
  })

  it('a rated cell shows both scores; the rest of its chapter stays hidden', () => {
    const db = blindEpisode()
    setScore(db, ID, 'c1', 'guestTeaching', { value: 4 })
    const c1 = blindView(episodeView(db, ID), new Set()).chapters[0]
    expect(c1?.scores.guestTeaching?.value).toBe(4)
    expect(c1?.machineScores?.guestTeaching?.value).toBe(7)
    expect(c1?.hiddenScores).not.toContain('guestTeaching')
    expect(c1?.machineScores?.hostsInformedPeer).toBeUndefined()
    expect(scoreDifference(4, 7)).toBe('−3')
    expect(scoreDifference(9, 7)).toBe('+2')
    expect(scoreDifference(7, 7)).toBe('same')
  })

  it('a revealed chapter shows whole, with its highlight; the others stay hidden', () => {
    const db = blindEpisode()
    const seen = blindView(episodeView(db, ID), new Set(['c2']))
    expect(seen.chapters[1]?.scores.guestTeaching?.value).toBe(8)
    expect(seen.chapters[1]?.hiddenScores).toBeUndefined()
    expect(seen.highlights.map((h) => h.id)).toEqual(['h1'])
    expect(seen.chapters[2]?.scores.guestTeaching?.value).toBeNull()
  })

  it('an accepted chapter, or an analysis not blind, shows as the core has it', () => {
    const db = blindEpisode()
    acceptItem(db, ID, 'chapter', 'c1')
    expect(blindView(episodeView(db, ID), new Set()).chapters[0]?.scores.guestTeaching?.value).toBe(7)
    setBlind(db, ID, false)
    const view = episodeView(db, ID)
    expect(blindView(view, new Set())).toBe(view)
  })
})
