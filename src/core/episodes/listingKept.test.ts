import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { machineEpisode } from '../../../tests/machineEpisode'
import { tempFolder } from '../../../tests/tempFolder'
import { openDatabase } from '../db/openDatabase'
import { loadEpisodeDocument } from '../load/loadEpisode'
import { keepPreferences } from '../settings/preferences'
import { FIRST_EPISODES } from '../../shared/contract'
import { listEpisodes, listingStart } from './episodeQueries'
import { trashEpisode } from './trash'
import { updateEpisode } from './updateEpisode'

const ID = 'agentic-rl-2025-05-09'

describe("the library's listing, kept while nothing it is read from changed", () => {
  it('is read once while nothing changes, and again after any change, from this connection or another', () => {
    const file = path.join(tempFolder(), 'library.sqlite')
    const db = openDatabase(file)
    loadEpisodeDocument(db, machineEpisode())
    const second = machineEpisode('second')
    loadEpisodeDocument(db, second)
    const first = listEpisodes(db)
    expect(listEpisodes(db)).toBe(first) // kept
    const row = (id: string) => listEpisodes(db).find((e) => e.id === id)
    // What a connection with nothing kept reads: the kept listing must always equal it.
    const fresh = () => {
      const reader = openDatabase(file)
      const listed = listEpisodes(reader)
      reader.close()
      return listed
    }

    updateEpisode(db, ID, { title: 'Retitled' })
    expect(row(ID)?.title).toBe('Retitled')

    // Another process (the CLI) changes what decides an episode: both analyses' media made one.
    const other = openDatabase(file)
    const sha = other.prepare(`SELECT sha256 FROM media WHERE episode_id = ?`).pluck().get(ID) as string
    other.prepare(`UPDATE media SET sha256 = ? WHERE episode_id = 'second'`).run(sha)
    expect(row('second')?.episode).toBe(row(ID)?.episode)
    // The desk brings it as someone else's.
    other
      .prepare(
        `INSERT INTO desk_analyses (episode_id, analysis_id, owner, mine, revision) VALUES ('second', 'second', 'bob', 0, 1)`,
      )
      .run()
    expect(row('second')?.deskOwner).toBe('bob')
    // The show counts through the analysis the editor chose.
    const show = machineEpisode().episode.show
    const before = listEpisodes(db)
    keepPreferences(other, { countedAnalysis: { [show]: 'machine' } })
    expect(listEpisodes(db)).not.toBe(before)
    expect(listEpisodes(db)).toEqual(fresh())
    other.prepare(`UPDATE chapters SET title = 'x' WHERE episode_id = ?`).run(ID)
    other.prepare(`UPDATE scores SET value = 9 WHERE episode_id = ? AND value IS NOT NULL`).run(ID)
    expect(Object.values(row(ID)?.averages ?? {})).toContain(9)
    expect(listEpisodes(db)).toEqual(fresh())
    other.close()

    trashEpisode(db, 'second')
    expect(row('second')).toBeUndefined()
    const after = listEpisodes(db)
    expect(listEpisodes(db)).toBe(after)
    db.close()
  })
})

describe("the listing's start", () => {
  it('holds the first FIRST_EPISODES episodes in the screen’s order, each with all its analyses, and counts them all', () => {
    const db = openDatabase(path.join(tempFolder(), 'library.sqlite'))
    const count = FIRST_EPISODES + 2
    for (let n = 1; n <= count; n++) {
      const doc = machineEpisode(`e${n}`)
      if (doc.episode.media) doc.episode.media.sha256 = String(n).padStart(64, '0')
      loadEpisodeDocument(db, doc)
    }
    // A second analysis of the first episode (its media), the newest of all: that episode leads.
    const again = machineEpisode('e1-again')
    if (again.episode.media) again.episode.media.sha256 = '1'.padStart(64, '0')
    loadEpisodeDocument(db, again)
    const listing = listEpisodes(db)
    const start = listingStart(db)
    expect(start.episodes).toBe(count)
    const episodes = [...new Set(listing.map((a) => a.episode))]
    const first = new Set(episodes.slice(0, FIRST_EPISODES))
    expect(new Set(start.analyses.map((a) => a.episode))).toEqual(first)
    expect(start.analyses).toEqual(listing.filter((a) => first.has(a.episode)))
    const led = start.analyses.filter((a) => a.episode === listing[0]?.episode).map((a) => a.id)
    expect(led.sort()).toEqual(['e1', 'e1-again'])
    db.close()
  })
})
