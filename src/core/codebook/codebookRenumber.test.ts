import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { machineEpisode } from '../../../tests/machineEpisode'
import { tempFolder } from '../../../tests/tempFolder'
import { SEED_DIMENSIONS } from '../../shared/rubric'
import { openDatabase, type Db } from '../db/openDatabase'
import { undo } from '../history/editHistory'
import { loadEpisodeDocument } from '../load/loadEpisode'
import { moveAnalysis } from './analysisCodebook'
import { addAnchor } from './codebookAnchors'
import { renumberVersions } from './codebookRenumber'
import { stampOf } from './codebookStamp'
import { getCodebook, publishCodebook, saveDraft } from './codebookVersions'

const SHOW = 'latent-space'
const ID = 'agentic-rl-2025-05-09'
const KEY = SEED_DIMENSIONS[0]?.key ?? ''

/** What a version says and holds, whatever its number. */
const said = (db: Db, version: number) => {
  const v = getCodebook(db, SHOW, version)
  return v && { state: v.state, scale: v.scale, dimensions: v.dimensions }
}

/**
 * Versions 1 and 2 (1 with an anchor), the draft 3; the episode ID moved to 1 then to 2 (two undoable
 * edits), `other` scored under 1, `pulled` (someone else's, from the desk) stamped 1.
 */
function library(): Db {
  const db = openDatabase(path.join(tempFolder(), 'library.sqlite'))
  for (const id of [ID, 'other', 'pulled']) loadEpisodeDocument(db, machineEpisode(id))
  addAnchor(db, { dimension: KEY, target: { kind: 'range', episodeId: ID, start: 5, end: 12 }, note: 'a 7' })
  publishCodebook(db, SHOW)
  moveAnalysis(db, ID)
  moveAnalysis(db, 'other')
  const first = getCodebook(db, SHOW)
  if (!first) throw new Error('no version 1')
  saveDraft(db, SHOW, { ...first, dimensions: first.dimensions.map((d) => ({ ...d, definition: 'Second' })) })
  publishCodebook(db, SHOW)
  moveAnalysis(db, ID)
  db.prepare(`UPDATE episodes SET codebook_show = ?, codebook_version = 1 WHERE id = 'pulled'`).run(SHOW)
  db.prepare(
    `INSERT INTO desk_analyses (episode_id, analysis_id, owner, mine, revision) VALUES ('pulled', 'pulled', 'bob', 0, 1)`,
  ).run()
  saveDraft(db, SHOW, { ...first, dimensions: first.dimensions.map((d) => ({ ...d, definition: 'Third' })) })
  return db
}

describe("a show's versions moved to new numbers", () => {
  it('moves content, anchors and this library’s stamps and undo along a chain, each once, leaving a pulled analysis', () => {
    const db = library()
    const before = [said(db, 1), said(db, 2), said(db, 3)]
    expect(before[0]?.dimensions[0]?.anchors).toHaveLength(1)
    const restamped = renumberVersions(db, SHOW, [
      { from: 1, to: 2 },
      { from: 2, to: 3 },
      { from: 3, to: 4 },
    ])
    expect(restamped).toEqual([1, 1, 0])
    expect([said(db, 2), said(db, 3), said(db, 4)]).toEqual(before)
    expect(said(db, 1)).toBeNull()
    expect(stampOf(db, 'other')).toEqual({ show: SHOW, version: 2 })
    expect(stampOf(db, ID)).toEqual({ show: SHOW, version: 3 })
    expect(stampOf(db, 'pulled')).toEqual({ show: SHOW, version: 1 })
    expect(db.prepare('PRAGMA foreign_key_check').all()).toEqual([])
    // Each undo names the version as it is numbered now: 3, then the one that was 1.
    undo(db, ID)
    expect(stampOf(db, ID)).toEqual({ show: SHOW, version: 2 })
    undo(db, ID)
    expect(stampOf(db, ID)).toBeNull()
    db.close()
  })

  it('refuses a number the show holds and writes nothing', () => {
    const db = library()
    const before = [said(db, 1), said(db, 2), said(db, 3)]
    expect(() => renumberVersions(db, SHOW, [{ from: 1, to: 2 }])).toThrow(
      /version 2 of latent-space is taken/,
    )
    expect([said(db, 1), said(db, 2), said(db, 3)]).toEqual(before)
    expect(stampOf(db, 'other')).toEqual({ show: SHOW, version: 1 })
    db.close()
  })
})
